import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { supportMessageBodySchema } from '../../../domain/supportMessage.ts';
import { limitField, offsetField } from '../../../domain/wholeNumberField.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { PERMISSION_DENIED_BODY } from '../../lib/AppError.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { sendSupportMessage } from './sendSupportMessage.ts';
import { listOwnSupportMessages, listSupportInbox } from './supportQueries.ts';

const ownQuery = z.object({
  limit: limitField(100, 50),
});

const inboxQuery = z.object({
  offset: offsetField(),
  limit: limitField(100, 20),
});

/**
 * The support chat (mounted under the user service): a signed-in person sends messages and reads their
 * own; internal admins (internal_user_level >= 1) read everyone's in the inbox, others get the 200
 * "permission denied" shape.
 */
export function supportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.post(
      'support_message/',
      {
        schema: {
          tags: ['support'],
          summary: 'Send a message to support from the chat widget',
          body: supportMessageBodySchema,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        const data = await sendSupportMessage(db, {
          userId: user.id,
          orgId: user.org_id,
          message: request.body.message,
          pagePath: request.body.page ?? null,
        });
        return { success: true, data };
      },
    );

    app.get(
      'support_messages/',
      {
        schema: {
          tags: ['support'],
          summary: "The signed-in person's own support messages, oldest first",
          querystring: ownQuery,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        const page = await listOwnSupportMessages(db, user.id, request.query.limit);
        return { success: true, ...page };
      },
    );

    app.get(
      'support_inbox/',
      {
        schema: {
          tags: ['support'],
          summary: 'Every support message, newest first (internal admins)',
          querystring: inboxQuery,
        },
      },
      async (request) => {
        if (currentAuth(request).user.internal_level < 1) return PERMISSION_DENIED_BODY;
        const page = await listSupportInbox(db, request.query);
        return { success: true, ...page };
      },
    );
  };
}
