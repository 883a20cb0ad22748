import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitField, offsetField, positiveIdField } from '../../../domain/wholeNumberField.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { notFound, PERMISSION_DENIED_BODY } from '../../lib/AppError.ts';
import { sendEmailDocument } from '../../lib/emailDocument.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { outboxHtml, outboxPage } from './outboxQueries.ts';

const emailParams = z.object({ id: positiveIdField('id') });
const pageQuery = z.object({
  offset: offsetField(),
  limit: limitField(100, 20),
});

/** The outbox, readable by internal admins only (others get the 200 "permission denied" shape). */
export function outboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));
    app.get(
      'outbox/',
      {
        schema: {
          tags: ['user'],
          summary: 'Emails the product has sent or queued (internal admins)',
          querystring: pageQuery,
        },
      },
      async (request) => {
        if (currentAuth(request).user.internal_level < 1) return PERMISSION_DENIED_BODY;
        return { success: true, ...(await outboxPage(db, request.query)) };
      },
    );
    app.get(
      'outbox/:id/html',
      {
        schema: {
          tags: ['user'],
          summary: "One outbox email's redacted HTML as a sandboxed document (internal admins)",
          params: emailParams,
        },
      },
      async (request, reply) => {
        if (currentAuth(request).user.internal_level < 1) throw notFound('No such email in the outbox.');
        const html = await outboxHtml(db, request.params.id);
        if (!html) throw notFound('No such email in the outbox.');
        return sendEmailDocument(reply, html);
      },
    );
  };
}
