import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DesignTheme, EmailDesign } from '../../../domain/emailDesign.ts';
import type { TemplateSummary } from '../../../domain/publishAnswers.ts';
import {
  brandThemeBodySchema,
  defaultTemplateBodySchema,
  deleteTemplateBodySchema,
  MAX_UPLOAD_BYTES,
  STRIPO_AUTH_MESSAGE,
  saveTemplateBodySchema,
  templateParamsSchema,
  templatesQuerySchema,
  type UploadedImage,
  uploadImageBodySchema,
} from '../../../domain/publishSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard } from '../../lib/sessions.ts';
import { deleteTemplate } from './deleteTemplate.ts';
import { brandedDefaultDesign, brandedTemplate, loadBrand } from './designQueries.ts';
import { storeUpload } from './imageUploads.ts';
import { listTemplates } from './listTemplates.ts';
import { saveBrand } from './saveBrand.ts';
import { saveTemplate } from './saveTemplate.ts';
import { setDefaultTemplate } from './setDefaultTemplate.ts';
import { viewerOf } from './viewerOf.ts';

type Ok<T> = T & { success: true };

/**
 * Templates (the product's featured ones, the organisation's shared ones and the user's own), the
 * organisation's brand theme and image uploads for designs. Another organisation's template or image is
 * a 404. See docs/publish.md.
 */
export function templateRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['publish'];
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.get(
      'templates/',
      {
        schema: {
          tags,
          summary: 'Templates of a tab: all, featured_tab, shared_templates_tab, my_templates_tab',
          description:
            "all = the product's featured templates + the organisation's shared ones + the user's own. " +
            'search (name or description), offset, limit (1-50, default 12).',
          querystring: templatesQuerySchema,
        },
      },
      async (request): Promise<Ok<{ total_count: number; data: TemplateSummary[] }>> => ({
        success: true,
        ...(await listTemplates(db, viewerOf(request), request.query)),
      }),
    );

    app.get(
      'template/:id/',
      {
        schema: {
          tags,
          summary: "A template's design (the product's templates in the organisation's brand)",
          params: templateParamsSchema,
        },
      },
      async (request): Promise<Ok<{ data: { id: number; name: string; design: EmailDesign } }>> => ({
        success: true,
        data: await brandedTemplate(db, viewerOf(request), request.params.id),
      }),
    );

    app.post(
      'save_template/',
      {
        schema: {
          tags,
          summary: 'Save a design as a template (shared with the organisation, or only mine)',
          description:
            'Form: name, description (optional), shared (1/0), and version_id (its saved design) or design.',
          body: saveTemplateBodySchema,
        },
      },
      async (request): Promise<Ok<{ data: { id: number; name: string } }>> => ({
        success: true,
        data: await saveTemplate(db, viewerOf(request), request.body),
      }),
    );

    app.post(
      'delete_template/',
      {
        schema: {
          tags,
          summary: 'Delete one of my templates',
          description: "Form: template_id. Only its author may delete it; anyone else's is not found (404).",
          body: deleteTemplateBodySchema,
        },
      },
      async (request): Promise<{ success: true }> => {
        await deleteTemplate(db, viewerOf(request), request.body.template_id);
        return { success: true };
      },
    );

    app.get(
      'default_template/',
      {
        schema: {
          tags,
          summary:
            "The organisation's default template (set with POST default_template/, else 'Weekly digest') in its brand",
          description:
            'data: {template_id (null: the product default), design}: what a never-designed edition starts from.',
        },
      },
      async (request): Promise<Ok<{ data: { template_id: number | null; design: EmailDesign } }>> => ({
        success: true,
        data: await brandedDefaultDesign(db, viewerOf(request).orgId),
      }),
    );

    app.post(
      'default_template/',
      {
        schema: {
          tags,
          summary: "Make a template the organisation's default (what never-designed editions start from)",
          description:
            'Form: template_id: a product template or one shared in the organisation. Your own unshared ' +
            "template answers 400 (share it first); another organisation's or a colleague's unshared one 404. " +
            "Deleting the template brings back the product default ('Weekly digest'). " +
            'Answers data: {template_id, name}.',
          body: defaultTemplateBodySchema,
        },
      },
      async (request): Promise<Ok<{ data: { template_id: number; name: string } }>> => ({
        success: true,
        data: await setDefaultTemplate(db, viewerOf(request), request.body.template_id),
      }),
    );

    app.get(
      'brand_theme/',
      { schema: { tags, summary: "The organisation's brand theme and postal address" } },
      async (request): Promise<Ok<{ data: { theme: DesignTheme; postal_address: string } }>> => ({
        success: true,
        data: await loadBrand(db, viewerOf(request).orgId),
      }),
    );

    app.post(
      'brand_theme/',
      {
        schema: {
          tags,
          summary: "Change the organisation's brand theme and postal address",
          description:
            'Form: theme (JSON text: fontFamily, colours as #rrggbb, logoUrl), postal_address (optional).',
          body: brandThemeBodySchema,
        },
      },
      async (request): Promise<Ok<{ data: { theme: DesignTheme; postal_address: string } }>> => ({
        success: true,
        data: await saveBrand(db, viewerOf(request).orgId, request.body),
      }),
    );

    app.post(
      'upload_image/',
      {
        schema: {
          tags,
          summary: 'Upload an image for designs (PNG, JPEG, GIF or WebP, by its bytes; at most 5 MB)',
          description:
            'Multipart form data, the image in the field "file". Its type is read from its bytes, never from ' +
            'its name or declared type. Served at {PUBLIC_ORIGIN}/uploads/{id} with long cache headers.',
          consumes: ['multipart/form-data'],
          body: uploadImageBodySchema,
        },
        config: {
          multipartOptions: {
            limits: { files: 1, fileSize: MAX_UPLOAD_BYTES + 1 },
            // An oversized file arrives cut at 5 MB + 1 byte, and is refused with its own message.
            throwFileSizeLimit: false,
          },
        },
      },
      async (request): Promise<Ok<{ data: UploadedImage }>> => ({
        success: true,
        data: await storeUpload(
          db,
          viewerOf(request),
          request.body.file,
          config.dataDir,
          config.publicOrigin,
        ),
      }),
    );

    app.post(
      'stripo/auth/',
      {
        schema: {
          tags,
          summary: 'The third-party editor sign-in of the spec: the workbench has its own designer',
          description: 'Answers success with editor "workbench": nothing to authenticate.',
        },
      },
      async (): Promise<{ success: true; editor: 'workbench'; message: string }> => ({
        success: true,
        editor: 'workbench',
        message: STRIPO_AUTH_MESSAGE,
      }),
    );
  };
}
