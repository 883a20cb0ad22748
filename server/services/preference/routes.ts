import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PREFERENCE_UPDATED_MESSAGE,
  type PreferenceFailure,
  type PreferenceResult,
  pageEventSchema,
  preferenceFailureSchema,
  preferenceResultSchema,
  RESUBSCRIBED_MESSAGE,
  recipientDetailsSchema,
  recipientRequestSchema,
  resubscribeSchema,
  UNKNOWN_RECIPIENT_MESSAGE,
  UNSUBSCRIBED_MESSAGE,
  unsubscribeSchema,
  updatePreferenceSchema,
} from '../../../src/domain/preferenceSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard } from '../../lib/sessions.ts';
import {
  loadRecipientDetails,
  recordPageEvent,
  resubscribePreference,
  unsubscribePreference,
  updatePreference,
} from './queries.ts';

const ok = (msg: string): PreferenceResult => ({ success: true, status: 'True', msg });

function unknownRecipient(reply: FastifyReply) {
  const body: PreferenceFailure = {
    success: false,
    status: 'False',
    message: UNKNOWN_RECIPIENT_MESSAGE,
    msg: UNKNOWN_RECIPIENT_MESSAGE,
  };
  return reply.status(404).send(body);
}

/**
 * Preference service: the public preference, unsubscribe and resubscribe pages of email recipients.
 * No session is needed (the unsubscribe uuid is the key); every route is rate-limited per IP.
 * Bodies are form data. Bad input gets 400 {success:false, message}; an unknown uuid 404 with status "False".
 */
export function preferenceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const publicLimited = { public: true, rateLimit: { max: config.publicRateLimit, timeWindow: '1 minute' } };
  const tags = ['preference'];
  const answers = (success: z.ZodType) => ({ 200: success, 404: preferenceFailureSchema });

  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.post(
      'get_recipient_details/',
      {
        config: publicLimited,
        schema: {
          tags,
          summary: "A recipient's subscription preferences, by unsubscribe id",
          body: recipientRequestSchema,
          response: answers(recipientDetailsSchema),
        },
      },
      async (request, reply) => {
        const details = await loadRecipientDetails(db, request.body.unsub_uuid);
        return details ?? unknownRecipient(reply);
      },
    );

    app.post(
      'update_preference/',
      {
        config: publicLimited,
        schema: {
          tags,
          summary: 'Save the preferences (or, with unsub_flag, unsubscribe from or return to everything)',
          description:
            'Either unsub_uuid, unsub_all, marketing, webinars ("0"/"1"), alerts (JSON list of {name, status}) and ' +
            'news_letters_subscribed (comma-separated newsletter ids; newsletters not listed are turned off), or ' +
            'unsub_uuid and unsub_flag ("1" unsubscribes from everything, "0" resubscribes). Applied in one transaction.',
          body: updatePreferenceSchema,
          response: answers(preferenceResultSchema),
        },
      },
      async (request, reply) =>
        (await updatePreference(db, request.body)) ? ok(PREFERENCE_UPDATED_MESSAGE) : unknownRecipient(reply),
    );

    app.post(
      'unsubscribe/',
      {
        config: publicLimited,
        schema: {
          tags,
          summary: 'Unsubscribe from everything (the unsubscribe page)',
          body: unsubscribeSchema,
          response: answers(preferenceResultSchema),
        },
      },
      async (request, reply) =>
        (await unsubscribePreference(db, request.body.unsub_uuid))
          ? ok(UNSUBSCRIBED_MESSAGE)
          : unknownRecipient(reply),
    );

    app.post(
      'resubscribe/',
      {
        config: publicLimited,
        schema: {
          tags,
          summary: 'Subscribe again to marketing emails (the resubscribe page)',
          body: resubscribeSchema,
          response: answers(preferenceResultSchema),
        },
      },
      async (request, reply) =>
        (await resubscribePreference(db, request.body.unsub_uuid))
          ? ok(RESUBSCRIBED_MESSAGE)
          : unknownRecipient(reply),
    );

    app.post(
      'unsubscribe_page_events/',
      {
        config: publicLimited,
        schema: {
          tags,
          summary: 'Record what a recipient did on a preference page',
          body: pageEventSchema,
          response: answers(z.object({ success: z.literal(true) })),
        },
      },
      async (request, reply) =>
        (await recordPageEvent(db, request.body)) ? { success: true as const } : unknownRecipient(reply),
    );
  };
}
