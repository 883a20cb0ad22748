import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DesignTheme, EmailDesign } from '../../../domain/emailDesign.ts';
import {
  brandThemeBodySchema,
  type DesignData,
  type DesignSaved,
  deleteTemplateBodySchema,
  designQuerySchema,
  designSaveBodySchema,
  MAX_UPLOAD_BYTES,
  previewBodySchema,
  previewTokenParamsSchema,
  publishHtmlPreviewQuerySchema,
  STRIPO_AUTH_MESSAGE,
  saveTemplateBodySchema,
  type TemplateSummary,
  templateParamsSchema,
  templatesQuerySchema,
  type UploadedImage,
  updateTextPreviewBodySchema,
  uploadImageBodySchema,
  versionQuerySchema,
} from '../../../domain/publishSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { notFound } from '../../lib/AppError.ts';
import { sendEmailDocument } from '../../lib/emailDocument.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import {
  designOf,
  ensureWebId,
  previewDesign,
  resetTextPreview,
  saveDesign,
  updateTextPreview,
  type Viewer,
} from './designCommands.ts';
import { defaultDesign, loadBrand, loadTemplate, templateDesign } from './designQueries.ts';
import { storeUpload } from './imageUploads.ts';
import { PreviewDocuments } from './PreviewDocuments.ts';
import { deleteTemplate, listTemplates, saveBrand, saveTemplate } from './templateCommands.ts';

type Ok<T> = T & { success: true };

/**
 * The publishing and design service (spec 02 section 7, "Publishing and design service"): the designer's
 * document, its save, previews and text version, the public web version and RSS feed links, templates,
 * the brand theme and image uploads. Another organisation's edition, template or image is a 404. See
 * docs/publish.md.
 */
export function publishRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['publish'];
  const viewerOf = (request: Parameters<typeof currentAuth>[0]): Viewer => {
    const { user } = currentAuth(request);
    return { orgId: user.org_id, userId: user.id };
  };
  const previews = new PreviewDocuments();
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.get(
      'design/',
      {
        schema: {
          tags,
          summary: "An edition's design, with its curated articles and the organisation's brand",
          description:
            'version_id; templateStyleId (a template to start from when the edition has no saved design) and ' +
            "change_template=1 (that template's design even over a saved one; nothing is saved until " +
            'design/save/); fromDesign is accepted and ignored. An edition never designed gets the default ' +
            'template in the brand theme (an ad hoc email without its article list).',
          querystring: designQuerySchema,
        },
      },
      async (request): Promise<Ok<{ data: DesignData }>> => ({
        success: true,
        data: await designOf(db, viewerOf(request), request.query),
      }),
    );

    app.post(
      'design/save/',
      {
        schema: {
          tags,
          summary: 'Save an edition: its design, rendered HTML, text version and name',
          description:
            'Form: version_id, version_name, design (the EmailDesign document as JSON text). Refused (400): an ' +
            'invalid document; a link without a target (error missing_link, block_id); a name another edition ' +
            'of the email has (error emailNameExists); a sent edition. The text version is regenerated unless ' +
            'the user edited it.',
          body: designSaveBodySchema,
        },
      },
      async (request): Promise<Ok<{ data: DesignSaved }>> => ({
        success: true,
        data: await saveDesign(db, viewerOf(request), request.body),
      }),
    );

    app.post(
      'generate_preview/',
      {
        schema: {
          tags,
          summary: 'The design rendered for a sample recipient (HTML and text)',
          description:
            'Form: version_id; design (optional: an unsaved document, else the saved one). Merge fields take ' +
            "the signed-in user's name; links are left as they are. preview_url: the same HTML as a document " +
            'of its own to frame (GET preview_html/{token}/).',
          body: previewBodySchema,
        },
      },
      async (request): Promise<Ok<{ data: { html: string; text: string; preview_url: string } }>> => {
        const viewer = viewerOf(request);
        const preview = await previewDesign(
          db,
          viewer,
          request.body.version_id,
          request.body.design,
          config.publicOrigin,
        );
        const token = previews.put(viewer.userId, preview.html);
        return {
          success: true,
          data: { ...preview, preview_url: `${config.bases.publish}preview_html/${token}/` },
        };
      },
    );

    app.get(
      'preview_html/:token/',
      {
        schema: {
          tags,
          summary: 'A preview generate_preview/ made, as a document of its own for the designer to frame',
          description:
            "token: from preview_url. Answered with the email documents' policy (no script, inline styles, " +
            "sandboxed, framed only by our origin): a srcdoc frame would take the workbench's strict policy " +
            'and lose the inline styles. Kept 15 minutes, for its author only; otherwise 404.',
          params: previewTokenParamsSchema,
        },
      },
      async (request, reply) => {
        const html = previews.get(viewerOf(request).userId, request.params.token);
        if (html === undefined) throw notFound('This preview has expired: generate it again.');
        return sendEmailDocument(reply, html);
      },
    );

    app.post(
      'default_text_preview/',
      {
        schema: {
          tags,
          summary: 'Generate the text version again (the user’s edit is dropped)',
          description: 'Form: version_id; design (optional: an unsaved document).',
          body: previewBodySchema,
        },
      },
      async (request): Promise<Ok<{ data: { text_preview: string } }>> => ({
        success: true,
        data: {
          text_preview: await resetTextPreview(
            db,
            viewerOf(request),
            request.body.version_id,
            request.body.design,
          ),
        },
      }),
    );

    app.post(
      'update_text_preview/',
      {
        schema: {
          tags,
          summary: "Keep the user's own text version",
          description: 'Form: version_id, text_preview (kept until default_text_preview/).',
          body: updateTextPreviewBodySchema,
        },
      },
      async (request): Promise<Ok<{ data: { text_preview: string } }>> => ({
        success: true,
        data: {
          text_preview: await updateTextPreview(
            db,
            viewerOf(request),
            request.body.version_id,
            request.body.text_preview,
          ),
        },
      }),
    );

    app.get(
      'publish_html_preview/',
      {
        schema: {
          tags,
          summary: "The edition's public web version: {PUBLIC_ORIGIN}/web/{web_id}",
          description:
            'version_id; template_id (optional, must be a template the user may use). The web id (128 random ' +
            'bits) is made once per edition; the web version needs no sign-in.',
          querystring: publishHtmlPreviewQuerySchema,
        },
      },
      async (request): Promise<Ok<{ data: { url: string } }>> => {
        const viewer = viewerOf(request);
        if (request.query.template_id !== null) await loadTemplate(db, viewer, request.query.template_id);
        const webId = await ensureWebId(db, viewer, request.query.version_id);
        return { success: true, data: { url: `${config.publicOrigin}/web/${webId}` } };
      },
    );

    app.get(
      'export_rss_link/',
      {
        schema: {
          tags,
          summary: "An RSS 2.0 feed of the edition's articles: {PUBLIC_ORIGIN}/web/{web_id}/rss.xml",
          querystring: versionQuerySchema,
        },
      },
      async (request): Promise<Ok<{ data: { url: string } }>> => {
        const webId = await ensureWebId(db, viewerOf(request), request.query.version_id);
        return { success: true, data: { url: `${config.publicOrigin}/web/${webId}/rss.xml` } };
      },
    );

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
      async (request): Promise<Ok<{ data: { id: number; name: string; design: EmailDesign } }>> => {
        const viewer = viewerOf(request);
        const template = await loadTemplate(db, viewer, request.params.id);
        const design = templateDesign(template, await loadBrand(db, viewer.orgId));
        return { success: true, data: { id: template.id, name: template.name, design } };
      },
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
            "The default template ('Weekly digest') in the organisation's brand, with its postal address",
        },
      },
      async (request): Promise<Ok<{ data: { design: EmailDesign } }>> => ({
        success: true,
        data: { design: defaultDesign(await loadBrand(db, viewerOf(request).orgId)) },
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
