import type { DesignTheme, EmailDesign } from './emailDesign.ts';

/**
 * What the design and publishing service (base /api/publish/, docs in /api/docs) answers to the designer:
 * the wire types src/api/publishApi.ts returns, shared with the server's routes.
 */
export type DesignArticle = {
  id: number;
  title: string;
  url: string;
  image_url: string | null;
  summary: string;
  source_name: string;
  published_at: string;
};

/** GET design/: an edition's design with what the designer shows around it. */
export type EditionDesign = {
  version_id: number;
  email_id: number;
  campaign_id: number | null;
  email_name: string;
  version_name: string;
  subject: string;
  status: string;
  design: EmailDesign;
  design_saved_at: string | null;
  preview_text: string | null;
  text_preview_edited: boolean;
  /** The edition's curated articles, in edition order. */
  articles: DesignArticle[];
  /** The organisation's brand theme. */
  theme: DesignTheme;
  postal_address: string;
};

export type DesignSaved = { version_name: string; design_saved_at: string; preview_text: string | null };

export type DesignPreview = { html: string; text: string };

export type TemplateTab = 'all' | 'featured_tab' | 'shared_templates_tab' | 'my_templates_tab';
export const TEMPLATE_TABS: readonly TemplateTab[] = [
  'all',
  'featured_tab',
  'shared_templates_tab',
  'my_templates_tab',
];

export type TemplateSummary = {
  id: number;
  name: string;
  description: string;
  featured: boolean;
  shared: boolean;
  is_mine: boolean;
  thumbnail: string | null;
  created_by: string | null;
  updated_at: string;
};

export type TemplatesPage = { total_count: number; data: TemplateSummary[] };

export type DesignTemplate = { id: number; name: string; design: EmailDesign };

export type BrandTheme = { theme: DesignTheme; postal_address: string | null };

export type UploadedImage = { id: string; url: string; width: number; height: number; byte_size: number };

/** The error fields of a refused design/save/ (the request layer keeps the body on its error). */
export type DesignSaveRefusal = { error?: string; block_id?: string; message?: string };
