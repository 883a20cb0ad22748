import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DesignSaved, EditionDesign } from '../../../domain/publishAnswers.ts';
import {
  designQuerySchema,
  designSaveBodySchema,
  previewBodySchema,
  previewTokenParamsSchema,
  publishHtmlPreviewQuerySchema,
  updateTextPreviewBodySchema,
  versionQuerySchema,
} from '../../../domain/publishSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { notFound } from '../../lib/AppError.ts';
import { sendEmailDocument } from '../../lib/emailDocument.ts';
import { authGuard } from '../../lib/sessions.ts';
import { designOf } from './designOf.ts';
import { PreviewDocuments } from './PreviewDocuments.ts';
import { previewDesign } from './previewDesign.ts';
import { resetTextPreview } from './resetTextPreview.ts';
import { saveDesign } from './saveDesign.ts';
import { updateTextPreview } from './updateTextPreview.ts';
import { viewerOf } from './viewerOf.ts';
import { webVersionUrl } from './webVersionUrl.ts';

type Ok<T> = T & { success: true };

/**
 * The publishing and design service's design calls: the designer's document, its save, previews and text
 * version, the public web version and RSS feed links (templates, the brand theme and uploads:
 * templateRoutes). Another organisation's edition is a 404. See docs/publish.md.
 */
export function publishRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['publish'];
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
      async (request): Promise<Ok<{ data: EditionDesign }>> => ({
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
      async (request): Promise<Ok<{ data: { url: string } }>> => ({
        success: true,
        data: { url: await webVersionUrl(db, viewerOf(request), request.query, config.publicOrigin, 'page') },
      }),
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
      async (request): Promise<Ok<{ data: { url: string } }>> => ({
        success: true,
        data: { url: await webVersionUrl(db, viewerOf(request), request.query, config.publicOrigin, 'rss') },
      }),
    );
  };
}
