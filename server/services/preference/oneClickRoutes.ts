import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ONE_CLICK_UNSUBSCRIBED_MESSAGE,
  oneClickBodySchema,
  oneClickLinkParamsSchema,
  oneClickParamsSchema,
  preferenceAnswerSchema,
  unsubUuidSchema,
} from '../../../domain/preferenceSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { changeAnswer } from './changeAnswer.ts';
import { consentOrigin } from './consentOrigin.ts';

/** Where a GET of the one-click URL sends the person: the unsubscribe page, or the page without an id. */
function oneClickPagePath(rawId: string): string {
  const parsed = unsubUuidSchema.safeParse(rawId);
  return parsed.success ? `/unsub/i2c/${parsed.data}` : '/unsub/';
}

/**
 * RFC 8058 one-click unsubscribe, at the URL of the List-Unsubscribe header (listUnsubscribeHeaders):
 * a POST with the body List-Unsubscribe=One-Click (urlencoded or multipart; no cookie, login or CSRF
 * token) unsubscribes from everything and answers 200 with no redirect. A GET never changes anything
 * (mail scanners follow links): it redirects to the unsubscribe page. Public and rate-limited per IP.
 */
export function oneClickRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { config, recipients } = ctx;
  const publicLimited = { public: true, rateLimit: { max: config.publicRateLimit, timeWindow: '1 minute' } };
  const oneClickLimited = {
    public: true,
    rateLimit: { max: config.oneClickRateLimit, timeWindow: '1 minute' },
  };
  const tags = ['preference'];

  return async (app) => {
    app.post(
      'one_click/:unsub_uuid/',
      {
        config: oneClickLimited,
        schema: {
          tags,
          summary: 'One-click unsubscribe (RFC 8058), as a mail provider sends it',
          description:
            'Body exactly List-Unsubscribe=One-Click. Unsubscribes from everything (consent ledger source ' +
            'one_click) and answers 200 with no redirect; an unknown id answers 200 with status "False".',
          params: oneClickParamsSchema,
          body: oneClickBodySchema,
          response: { 200: preferenceAnswerSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const origin = consentOrigin(request, 'one_click');
        const outcome = await recipients.change(request.params.unsub_uuid, { kind: 'unsubscribe' }, origin);
        return changeAnswer(outcome, ONE_CLICK_UNSUBSCRIBED_MESSAGE);
      },
    );

    app.get(
      'one_click/:unsub_uuid/',
      {
        config: publicLimited,
        schema: {
          tags,
          summary:
            'The one-click URL opened in a browser: changes nothing, redirects to the unsubscribe page',
          params: oneClickLinkParamsSchema,
          response: { 303: z.null().describe('Location: /unsub/i2c/{unsub_uuid}') },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return reply.redirect(oneClickPagePath(request.params.unsub_uuid), 303);
      },
    );
  };
}
