import { z } from 'zod';
import { emailDesignSchema, themeSchema } from './emailDesign.ts';
import { cleanName } from './nameText.ts';
import { limitField, offsetField, positiveIdField } from './wholeNumberField.ts';
import { booleanFieldSchema, optionalIdFieldSchema, searchFieldSchema } from './workflowFormFields.ts';

/**
 * Form payloads of the publishing and design service ("Publishing and design service";
 * base /api/publish/). Shared by the server (validation, OpenAPI) and the client. See docs/publish.md.
 */

export const MAX_VERSION_NAME = 150;
export const MAX_TEMPLATE_NAME = 120;
export const MAX_TEMPLATE_DESCRIPTION = 500;
export const MAX_POSTAL_ADDRESS = 500;
export const MAX_TEXT_PREVIEW = 100_000;
/** A design document as JSON text is at most this long (the request body limit is 1 MB). */
export const MAX_DESIGN_JSON = 900_000;
export const TEMPLATE_PAGE_SIZE = 12;
/** Uploaded images: at most 5 MB; over 1 MB is accepted but the publish preflight warns. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const LARGE_IMAGE_BYTES = 1024 * 1024;
export const UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

export const TEMPLATE_TABS = ['all', 'featured_tab', 'shared_templates_tab', 'my_templates_tab'] as const;
export type TemplateTab = (typeof TEMPLATE_TABS)[number];

/** The error codes design/save/ answers with (besides the message). */
export const MISSING_LINK_ERROR = 'missing_link';
export const STRIPO_AUTH_MESSAGE =
  'The workbench has its own email designer; there is no third-party editor and nothing to authenticate.';

/** Reads a JSON text field (a form) or an object (a JSON body) and checks it against a schema. */
function jsonDocumentField<T extends z.ZodType>(field: string, schema: T, max: number) {
  return z
    .union([z.string().max(max, `${field} is too long.`), z.record(z.string(), z.unknown())], {
      error: `${field} must be a JSON text.`,
    })
    .transform((raw, ctx): z.infer<T> => {
      let value: unknown = raw;
      if (typeof raw === 'string') {
        try {
          value = JSON.parse(raw);
        } catch {
          ctx.addIssue({ code: 'custom', message: `${field} is not valid JSON.` });
          return z.NEVER;
        }
      }
      const parsed = schema.safeParse(value);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
        ctx.addIssue({
          code: 'custom',
          message: `${field} is not a valid document${where}: ${issue?.message ?? 'unknown problem'}`,
        });
        return z.NEVER;
      }
      return parsed.data as z.infer<T>;
    });
}

export const designField = (field = 'design') => jsonDocumentField(field, emailDesignSchema, MAX_DESIGN_JSON);

const textField = (field: string, max: number) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? `${field} is required.` : `${field} must be text.`),
    })
    .max(max, `${field} is at most ${max} characters.`);

const nameField = (field: string, what: string, max: number) =>
  textField(field, max * 4)
    .transform(cleanName)
    .pipe(
      z.string().min(1, `Give the ${what} a name.`).max(max, `A ${what} name is at most ${max} characters.`),
    );

export const designQuerySchema = z.object({
  version_id: positiveIdField('version_id'),
  templateStyleId: optionalIdFieldSchema('templateStyleId'),
  change_template: booleanFieldSchema('change_template').optional(),
  fromDesign: z.string().max(20).optional(),
});

export const designSaveBodySchema = z.object({
  version_id: positiveIdField('version_id'),
  version_name: nameField('version_name', 'edition', MAX_VERSION_NAME),
  design: designField(),
});
export type DesignSaveInput = z.infer<typeof designSaveBodySchema>;

/** generate_preview/ and default_text_preview/: the saved design, or an unsaved one. */
export const previewBodySchema = z.object({
  version_id: positiveIdField('version_id'),
  design: designField().optional(),
});

/** preview_html/{token}/: a token from generate_preview/'s preview_url. */
export const previewTokenParamsSchema = z.object({ token: z.string().max(64) });

export const updateTextPreviewBodySchema = z.object({
  version_id: positiveIdField('version_id'),
  text_preview: textField('text_preview', MAX_TEXT_PREVIEW),
});

export const publishHtmlPreviewQuerySchema = z.object({
  version_id: positiveIdField('version_id'),
  template_id: optionalIdFieldSchema('template_id'),
});

export const versionQuerySchema = z.object({ version_id: positiveIdField('version_id') });

export const templatesQuerySchema = z.object({
  tab: z
    .enum(TEMPLATE_TABS, { error: `tab must be one of ${TEMPLATE_TABS.join(', ')}.` })
    .optional()
    .default('all'),
  offset: offsetField(),
  limit: limitField(50, TEMPLATE_PAGE_SIZE),
  search: searchFieldSchema('search'),
});
export type TemplatesQuery = z.infer<typeof templatesQuerySchema>;

export const templateParamsSchema = z.object({ id: positiveIdField('id') });

export const saveTemplateBodySchema = z
  .object({
    name: nameField('name', 'template', MAX_TEMPLATE_NAME),
    description: textField('description', MAX_TEMPLATE_DESCRIPTION).optional().default(''),
    shared: booleanFieldSchema('shared').optional().default(false),
    version_id: optionalIdFieldSchema('version_id'),
    design: designField().optional(),
  })
  .refine((body) => body.version_id !== null || body.design !== undefined, {
    message: 'Give version_id (an edition whose design to keep) or design.',
  });

export const deleteTemplateBodySchema = z.object({ template_id: positiveIdField('template_id') });
/** POST default_template/: the organisation's default template (a product one, or one shared in it). */
export const defaultTemplateBodySchema = z.object({ template_id: positiveIdField('template_id') });
export const SHARE_BEFORE_DEFAULT =
  'Share this template with your organisation before making it the default.';

export const brandThemeBodySchema = z.object({
  theme: jsonDocumentField('theme', themeSchema, 10_000),
  postal_address: textField('postal_address', MAX_POSTAL_ADDRESS)
    .transform((value) => value.trim())
    .optional(),
});

/** upload_image/: multipart form data with the image in the field "file". */
export const uploadImageBodySchema = z.object({
  file: z.any().describe('The image (PNG, JPEG, GIF or WebP, at most 5 MB), as a multipart file part'),
});

/** upload_image/'s answer. Width and height are null when the file's header does not tell them. */
export type UploadedImage = {
  id: string;
  url: string;
  width: number | null;
  height: number | null;
  byte_size: number;
};
