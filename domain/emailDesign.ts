import { z } from 'zod';

/**
 * The email design document ("Design"; the designer at /campaigns/editionedit/design/): what
 * `design/save/` stores on an edition (email_versions.design), what templates hold, and what the server
 * renders to MJML, HTML and plain text. Plain JSON: the designer keeps the live document in a Y.Doc
 * (src/engine/design/) and converts it to this shape to save, preview and render.
 *
 * - `theme` is the organisation's brand theme (fonts, colours, logo) copied in when the design starts;
 *   the designer may change it per email.
 * - `blocks` is the email top to bottom. Rich text (`html` fields) is a small, sanitised subset:
 *   p, h1-h3, strong/b, em/i, u, s, a[href], ul/ol/li, br (sanitiseRichText on the server enforces it).
 * - Article blocks are bound to the edition: `articleList` shows the edition's curated articles in their
 *   order (at most `limit`), `articleCard` one curated article by id (it renders nothing once the
 *   article is no longer curated).
 * - The footer carries the recipient's preference link (every marketing email) and the sender's
 *   postal address; the preflight refuses a send without them.
 */

export const DESIGN_VERSION = 1;
export const MAX_BLOCKS = 200;
export const MAX_RICH_TEXT = 20_000;
export const MAX_URL = 2_000;
export const MAX_COLUMN_COUNT = 3;

const colour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1b3487.')
  .describe('A colour, #rrggbb');
const optionalUrl = z.string().max(MAX_URL).describe('An http(s) or mailto link; empty when not set yet');
const richText = z.string().max(MAX_RICH_TEXT).describe('Rich text: the sanitised HTML subset');
const spacing = z.number().int().min(0).max(120);

export const themeSchema = z.object({
  fontFamily: z.string().min(1).max(200),
  textColor: colour,
  backgroundColor: colour,
  contentBackground: colour,
  accentColor: colour,
  linkColor: colour,
  logoUrl: z.string().max(MAX_URL).nullable(),
});
export type DesignTheme = z.infer<typeof themeSchema>;

/** Layout every block has: padding (top, right, bottom, left in px), alignment and background. */
const layoutFields = {
  id: z.string().min(1).max(64),
  padding: z.tuple([spacing, spacing, spacing, spacing]),
  align: z.enum(['left', 'center', 'right']),
  background: colour.nullable(),
};

export const headerBlockSchema = z.object({
  ...layoutFields,
  kind: z.literal('header'),
  logoUrl: z.string().max(MAX_URL).nullable(),
  logoAlt: z.string().max(300),
  title: richText,
});
export const textBlockSchema = z.object({ ...layoutFields, kind: z.literal('text'), html: richText });
export const imageBlockSchema = z.object({
  ...layoutFields,
  kind: z.literal('image'),
  src: z.string().max(MAX_URL),
  alt: z.string().max(300),
  href: optionalUrl,
  width: z.number().int().min(20).max(600),
});
export const buttonBlockSchema = z.object({
  ...layoutFields,
  kind: z.literal('button'),
  label: z.string().max(200),
  href: optionalUrl,
  color: colour,
  textColor: colour,
});
export const dividerBlockSchema = z.object({
  ...layoutFields,
  kind: z.literal('divider'),
  color: colour,
  thickness: z.number().int().min(1).max(10),
});
export const spacerBlockSchema = z.object({
  ...layoutFields,
  kind: z.literal('spacer'),
  height: z.number().int().min(4).max(200),
});
export const SOCIAL_NETWORKS = ['website', 'linkedin', 'x', 'facebook', 'instagram', 'youtube'] as const;
/** Each network's name as an email shows it (a social icon's alt text, the plain-text version's link). */
export const SOCIAL_NETWORK_LABELS: Record<(typeof SOCIAL_NETWORKS)[number], string> = {
  website: 'Website',
  linkedin: 'LinkedIn',
  x: 'X',
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
};
export const socialBlockSchema = z.object({
  ...layoutFields,
  kind: z.literal('social'),
  links: z.array(z.object({ network: z.enum(SOCIAL_NETWORKS), href: optionalUrl })).max(10),
});
export const articleCardBlockSchema = z.object({
  ...layoutFields,
  kind: z.literal('articleCard'),
  articleId: z.number().int().positive().nullable(),
  showImage: z.boolean(),
  showSummary: z.boolean(),
});
export const articleListBlockSchema = z.object({
  ...layoutFields,
  kind: z.literal('articleList'),
  layout: z.enum(['list', 'cards']),
  limit: z.number().int().min(1).max(50),
  showImages: z.boolean(),
  showSummary: z.boolean(),
});
export const footerBlockSchema = z.object({
  ...layoutFields,
  kind: z.literal('footer'),
  html: richText,
  postalAddress: z.string().max(500),
  showPreferenceLink: z.boolean(),
});

/** A block that may stand inside a column. */
export const leafBlockSchema = z.discriminatedUnion('kind', [
  textBlockSchema,
  imageBlockSchema,
  buttonBlockSchema,
  dividerBlockSchema,
  spacerBlockSchema,
]);
export const columnsBlockSchema = z.object({
  ...layoutFields,
  kind: z.literal('columns'),
  columns: z.array(z.array(leafBlockSchema).max(20)).min(2).max(MAX_COLUMN_COUNT),
});

export const designBlockSchema = z.discriminatedUnion('kind', [
  headerBlockSchema,
  textBlockSchema,
  imageBlockSchema,
  buttonBlockSchema,
  dividerBlockSchema,
  spacerBlockSchema,
  columnsBlockSchema,
  socialBlockSchema,
  articleCardBlockSchema,
  articleListBlockSchema,
  footerBlockSchema,
]);

export const emailDesignSchema = z.object({
  version: z.literal(DESIGN_VERSION),
  theme: themeSchema,
  blocks: z.array(designBlockSchema).max(MAX_BLOCKS),
});

export type EmailDesign = z.infer<typeof emailDesignSchema>;
export type DesignBlock = z.infer<typeof designBlockSchema>;
export type LeafBlock = z.infer<typeof leafBlockSchema>;
export type DesignBlockKind = DesignBlock['kind'];

export const DESIGN_BLOCK_KINDS: readonly DesignBlockKind[] = [
  'header',
  'text',
  'image',
  'button',
  'divider',
  'spacer',
  'columns',
  'social',
  'articleCard',
  'articleList',
  'footer',
];

/** The product's default brand theme (an organisation without its own brand theme gets this one). */
export const DEFAULT_THEME: DesignTheme = {
  fontFamily: 'Helvetica, Arial, sans-serif',
  textColor: '#1f2937',
  backgroundColor: '#f3f4f6',
  contentBackground: '#ffffff',
  accentColor: '#1b3487',
  linkColor: '#1b3487',
  logoUrl: null,
};

/** The merge fields a design may use in text ({{first_name}} with a fallback: {{first_name|there}}). */
export const MERGE_FIELDS = ['first_name', 'last_name', 'email', 'company'] as const;

/** The error texts the designer and design/save/ share. */
export const DESIGN_NAME_EXISTS = 'emailNameExists';
export const MISSING_LINK = 'A button or link has no target: add a link before saving.';
