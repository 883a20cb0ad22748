import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { versionQuerySchema } from '../../../domain/publishSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard } from '../../lib/sessions.ts';
import { emailHtmlOf } from './emailHtmlOf.ts';
import { viewerOf } from './viewerOf.ts';

/** email_html/: an edition's email HTML to copy elsewhere. See docs/publish.md. */
export function emailHtmlRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['publish'];
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.post(
      'email_html/',
      {
        schema: {
          tags,
          summary: "An edition's email as one HTML document, to copy into another tool",
          description:
            'Form: version_id. Answers data: {version_id, email_id, subject, html}: the email from its saved ' +
            "design (else the organisation's default template) for a neutral reader: merge fields show their " +
            "fallbacks and there is no personal preference link. Changes nothing. Another organisation's " +
            'edition answers 404.',
          body: versionQuerySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await emailHtmlOf(db, viewerOf(request), request.body.version_id, config.publicOrigin),
      }),
    );
  };
}
