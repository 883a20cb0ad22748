import type { DesignTheme, EmailDesign } from '../../domain/emailDesign.ts';
import type { ExportWidgetSettings } from '../../domain/promotionCodes.ts';
import type {
  BrandTheme,
  DesignPreview,
  DesignSaved,
  DesignTemplate,
  EditionDesign,
  TemplatesPage,
  TemplateTab,
  UploadedImage,
} from '../../domain/publishAnswers.ts';
import { serviceClient } from './serviceClient.ts';

const publish = serviceClient('publish');
/** Refusals (a name that exists, a missing link, a bad file) are shown by the screen that asked. */
const LOCAL = { errorCatalogue: false } as const;

type Data<T> = { success: true; data: T };

export type TemplateQuery = { tab: TemplateTab; offset: number; limit: number; search: string };

/**
 * The design and publishing service (server/services/publish, base /api/publish/): the designer's calls.
 * Documents travel as JSON strings in form fields (`design`, `theme`), as the contract says.
 */
export const publishApi = {
  /** GET design/: the edition's design (or a template's, with templateStyleId + change_template). */
  getDesign: async (
    input: { versionId: number; templateStyleId?: number | null },
    signal?: AbortSignal,
  ): Promise<EditionDesign> => {
    const answer = await publish.get<Data<EditionDesign>>('design/', {
      query: {
        version_id: input.versionId,
        ...(input.templateStyleId ? { templateStyleId: input.templateStyleId, change_template: 1 } : {}),
      },
      signal,
    });
    return answer.data;
  },

  /** POST design/save/: stores the design and renames the edition (emailNameExists, missing_link refused). */
  saveDesign: async (
    input: { versionId: number; versionName: string; design: EmailDesign },
    signal?: AbortSignal,
  ): Promise<DesignSaved> => {
    const answer = await publish.post<Data<DesignSaved>>(
      'design/save/',
      { version_id: input.versionId, version_name: input.versionName, design: JSON.stringify(input.design) },
      { ...LOCAL, signal },
    );
    return answer.data;
  },

  /** POST generate_preview/: the email rendered for a sample recipient (an unsaved design if given). */
  generatePreview: async (
    input: { versionId: number; design?: EmailDesign },
    signal?: AbortSignal,
  ): Promise<DesignPreview> => {
    const answer = await publish.post<Data<DesignPreview>>(
      'generate_preview/',
      { version_id: input.versionId, ...(input.design ? { design: JSON.stringify(input.design) } : {}) },
      { ...LOCAL, signal, kind: 'publish.preview' },
    );
    return answer.data;
  },

  /** POST default_text_preview/: the generated text version (clears the edited flag). */
  defaultTextPreview: async (
    input: { versionId: number; design?: EmailDesign },
    signal?: AbortSignal,
  ): Promise<string> => {
    const answer = await publish.post<Data<{ text_preview: string }>>(
      'default_text_preview/',
      { version_id: input.versionId, ...(input.design ? { design: JSON.stringify(input.design) } : {}) },
      { ...LOCAL, signal },
    );
    return answer.data.text_preview;
  },

  /** POST update_text_preview/: keeps the person's own text version. */
  updateTextPreview: async (
    input: { versionId: number; text: string },
    signal?: AbortSignal,
  ): Promise<string> => {
    const answer = await publish.post<Data<{ text_preview: string }>>(
      'update_text_preview/',
      { version_id: input.versionId, text_preview: input.text },
      { ...LOCAL, signal },
    );
    return answer.data.text_preview;
  },

  /** GET publish_html_preview/: the public web version's address. */
  webVersionLink: async (versionId: number, signal?: AbortSignal): Promise<string> => {
    const answer = await publish.get<Data<{ url: string }>>('publish_html_preview/', {
      query: { version_id: versionId },
      signal,
    });
    return answer.data.url;
  },

  /** GET export_rss_link/: the edition's RSS feed address. */
  rssLink: async (versionId: number, signal?: AbortSignal): Promise<string> => {
    const answer = await publish.get<Data<{ url: string }>>('export_rss_link/', {
      query: { version_id: versionId },
      signal,
    });
    return answer.data.url;
  },

  /** GET templates/: a page of one tab's templates. */
  listTemplates: async (query: TemplateQuery, signal?: AbortSignal): Promise<TemplatesPage> => {
    const answer = await publish.get<TemplatesPage & { success: true }>('templates/', {
      query: {
        tab: query.tab,
        offset: query.offset,
        limit: query.limit,
        ...(query.search ? { search: query.search } : {}),
      },
      signal,
    });
    return { total_count: answer.total_count, data: answer.data };
  },

  /** GET template/{id}/: one template's design. */
  getTemplate: async (id: number, signal?: AbortSignal): Promise<DesignTemplate> => {
    const answer = await publish.get<Data<DesignTemplate>>(`template/${id}/`, { signal });
    return answer.data;
  },

  /** POST save_template/: the current design kept as a template (mine, or shared with the organisation). */
  saveTemplate: async (
    input: { name: string; description: string; shared: boolean; design: EmailDesign },
    signal?: AbortSignal,
  ): Promise<{ id: number; name: string }> => {
    const answer = await publish.post<Data<{ id: number; name: string }>>(
      'save_template/',
      {
        name: input.name,
        description: input.description,
        shared: input.shared,
        design: JSON.stringify(input.design),
      },
      { ...LOCAL, signal },
    );
    return answer.data;
  },

  /** POST delete_template/: only your own (or, for shared ones, the author's). */
  deleteTemplate: async (templateId: number, signal?: AbortSignal): Promise<void> => {
    await publish.post('delete_template/', { template_id: templateId }, { ...LOCAL, signal });
  },

  /** GET default_template/: the product's default design. */
  defaultTemplate: async (signal?: AbortSignal): Promise<EmailDesign> => {
    const answer = await publish.get<Data<{ design: EmailDesign }>>('default_template/', { signal });
    return answer.data.design;
  },

  /** GET brand_theme/: the organisation's brand theme and postal address. */
  getBrandTheme: async (signal?: AbortSignal): Promise<BrandTheme> => {
    const answer = await publish.get<Data<BrandTheme>>('brand_theme/', { signal });
    return answer.data;
  },

  /** POST brand_theme/: saves the organisation's brand theme and postal address. */
  saveBrandTheme: async (
    input: { theme: DesignTheme; postalAddress: string },
    signal?: AbortSignal,
  ): Promise<void> => {
    await publish.post(
      'brand_theme/',
      { theme: JSON.stringify(input.theme), postal_address: input.postalAddress },
      { ...LOCAL, signal },
    );
  },

  /**
   * POST upload_image/ (multipart "file"): PNG, JPEG, GIF or WebP up to 5 MB. onProgress: the share of
   * the file sent so far (0 to 1).
   */
  uploadImage: async (
    file: Blob,
    options: { signal?: AbortSignal; onProgress?: (share: number) => void } = {},
  ): Promise<UploadedImage> => {
    const form = new FormData();
    form.append('file', file);
    const { onProgress } = options;
    const answer = await publish.postForm<Data<UploadedImage>>('upload_image/', form, {
      ...LOCAL,
      signal: options.signal,
      onProgress: onProgress ? (sent, total) => onProgress(total > 0 ? sent / total : 0) : undefined,
    });
    return answer.data;
  },

  /**
   * GET old_export_widget/: a campaign's promo export widget (codes, snippet, public id). Needs
   * export_widget_permission: the dialog explains a refusal itself (no redirect).
   */
  getExportWidget: async (campaignId: number, signal?: AbortSignal): Promise<ExportWidgetSettings> => {
    const answer = await publish.get<Data<ExportWidgetSettings>>('old_export_widget/', {
      query: { campaign_id: campaignId },
      ...LOCAL,
      signal,
    });
    return answer.data;
  },

  /** POST old_export_widget/: stores the campaign's promotion codes (one per line). */
  saveExportWidget: async (
    input: { campaignId: number; promotionCodes: string[] },
    signal?: AbortSignal,
  ): Promise<ExportWidgetSettings> => {
    const answer = await publish.post<Data<ExportWidgetSettings>>(
      'old_export_widget/',
      { campaign_id: input.campaignId, promotion_codes: input.promotionCodes.join('\n') },
      { ...LOCAL, signal },
    );
    return answer.data;
  },
};

export type PublishApi = typeof publishApi;
