import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PAGE_EVENT_RECORDED_MESSAGE,
  PREFERENCE_UPDATED_MESSAGE,
  type PreferenceAnswer,
  type PreferenceUpdate,
  pageEventSchema,
  preferenceAnswerSchema,
  RESUBSCRIBED_MESSAGE,
  recipientDetailsAnswerSchema,
  recipientRequestSchema,
  resubscribeSchema,
  UNSUBSCRIBED_MESSAGE,
  unknownRecipientAnswer,
  unknownRecipientDetails,
  unsubscribeSchema,
  updatePreferenceSchema,
} from '../../../domain/preferenceSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard } from '../../lib/sessions.ts';
import { changeAnswer } from './changeAnswer.ts';
import type { PreferenceChange } from './changePreference.ts';
import { consentLedgerRoutes } from './consentLedgerRoutes.ts';
import { consentOrigin } from './consentOrigin.ts';
import { oneClickRoutes } from './oneClickRoutes.ts';
import { recordPageEvent } from './recordPageEvent.ts';

function asChange(update: PreferenceUpdate): PreferenceChange {
  if (update.kind === 'flag') return { kind: update.unsubscribe ? 'unsubscribe' : 'resubscribe' };
  const { kind, unsubAll, marketing, webinars, alerts, newsletterIds } = update;
  return { kind, unsubAll, marketing, webinars, alerts, newsletterIds };
}

/**
 * Preference service: the public preference, unsubscribe and resubscribe pages of email recipients.
 * No session is needed (the unsubscribe uuid is the key); every public route is rate-limited per IP.
 * Bodies are form data. Bad input gets 400 {success:false, message}. An unknown but well-formed uuid gets
 * HTTP 200 with status "False" and "This link is not valid." in the shape a real id gets, and changes
 * nothing (no enumeration). Every change is written with its consent ledger entry; the ledger export
 * (consent_ledger/) is for signed-in users only.
 */
export function preferenceRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config, recipients } = ctx;
  const publicLimited = { public: true, rateLimit: { max: config.publicRateLimit, timeWindow: '1 minute' } };
  const tags = ['preference'];

  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));
    // Public pages served from a static host (npm run build:public) call these routes from another
    // origin: form posts are simple requests (no preflight); listed origins may read the answers.
    const corsOrigins = new Set(config.preferenceCorsOrigins);
    app.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin;
      if (!request.routeOptions.config.public || !origin || !corsOrigins.has(origin)) return;
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Vary', 'Origin');
    });

    app.post(
      'get_recipient_details/',
      {
        config: publicLimited,
        schema: {
          tags,
          summary: "A recipient's subscription preferences, by unsubscribe id",
          description: 'An unknown id answers 200 with status "False", the same fields empty.',
          body: recipientRequestSchema,
          response: { 200: recipientDetailsAnswerSchema },
        },
      },
      async (request) => {
        const uuid = request.body.unsub_uuid;
        return (await recipients.details(uuid)) ?? unknownRecipientDetails(uuid);
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
            'unsub_uuid and unsub_flag ("1" unsubscribes from everything, "0" resubscribes). Applied in one ' +
            'transaction with its consent ledger entry (source page); a save that changes nothing records nothing.',
          body: updatePreferenceSchema,
          response: { 200: preferenceAnswerSchema },
        },
      },
      async (request) => {
        const update = request.body;
        const outcome = await recipients.change(
          update.uuid,
          asChange(update),
          consentOrigin(request, 'page'),
        );
        return changeAnswer(outcome, PREFERENCE_UPDATED_MESSAGE);
      },
    );

    app.post(
      'unsubscribe/',
      {
        config: publicLimited,
        schema: {
          tags,
          summary: 'Unsubscribe from everything (the unsubscribe page)',
          body: unsubscribeSchema,
          response: { 200: preferenceAnswerSchema },
        },
      },
      async (request) => {
        const origin = consentOrigin(request, 'unsubscribe');
        const outcome = await recipients.change(request.body.unsub_uuid, { kind: 'unsubscribe' }, origin);
        return changeAnswer(outcome, UNSUBSCRIBED_MESSAGE);
      },
    );

    app.post(
      'resubscribe/',
      {
        config: publicLimited,
        schema: {
          tags,
          summary: 'Subscribe again to marketing emails (the resubscribe page)',
          body: resubscribeSchema,
          response: { 200: preferenceAnswerSchema },
        },
      },
      async (request) => {
        const origin = consentOrigin(request, 'resubscribe');
        const outcome = await recipients.change(request.body.unsub_uuid, { kind: 'resubscribe' }, origin);
        return changeAnswer(outcome, RESUBSCRIBED_MESSAGE);
      },
    );

    app.post(
      'unsubscribe_page_events/',
      {
        config: publicLimited,
        schema: {
          tags,
          summary: 'Record what a recipient did on a preference page',
          body: pageEventSchema,
          response: { 200: preferenceAnswerSchema },
        },
      },
      async (request): Promise<PreferenceAnswer> =>
        (await recordPageEvent(db, request.body))
          ? { success: true, status: 'True', msg: PAGE_EVENT_RECORDED_MESSAGE }
          : unknownRecipientAnswer(),
    );

    await app.register(oneClickRoutes(ctx));
    await app.register(consentLedgerRoutes(ctx));
  };
}
