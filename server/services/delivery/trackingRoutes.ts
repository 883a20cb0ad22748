import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/AppContext.ts';
import { escapeHtml } from '../../lib/escapeHtml.ts';
import type { RateDecision } from '../../lib/RateLimiter.ts';
import { clientKey } from '../../lib/rateLimitRoutes.ts';
import { type ClickDestination, unchangedDestination } from './ClickDestination.ts';
import type { EmailEventInput } from './recordEmailEvent.ts';
import type { TrackedSend, TrackingRecorder } from './TrackingRecorder.ts';

/** A transparent 1x1 GIF. */
export const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export const INVALID_LINK_MESSAGE = 'This link is not valid or has expired';
const TOO_MANY_CLICKS = 'Too many requests from your address: please try again in a minute.';

const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);
const pixelFileSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22}\.gif$/)
  .transform((file) => file.slice(0, -4));
const linkIndexSchema = z
  .string()
  .regex(/^(0|[1-9]\d{0,3})$/)
  .transform(Number);

/**
 * The route params are checked in the handler, by the schemas above (a bad one still gets its safe answer),
 * and not again by a route schema: these are the busiest URLs of the product and Fastify's params are
 * always strings.
 */
type PixelParams = { '*': string };
type ClickParams = { token: string; index: string };

/** A plain page, unstyled: no inline style, which the Content-Security-Policy would block. */
const INVALID_LINK_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="robots" content="noindex" />' +
  '<meta name="viewport" content="width=device-width, initial-scale=1" />' +
  `<title>Link not valid</title></head><body>` +
  `<h1>${escapeHtml(INVALID_LINK_MESSAGE)}</h1><p>Please use a link from a recent email.</p></body></html>`;

function userAgentOf(request: FastifyRequest): string | null {
  const ua = request.headers['user-agent'];
  return typeof ua === 'string' && ua !== '' ? ua : null;
}

/**
 * The event of an open (no link index) or a click of a delivered send (link number `index`, with the article
 * it is), with the user agent of the request. Its time is the request's: a batch written again after a
 * failed commit holds the very same events, which analytics then counts once.
 */
function trackedEvent(send: TrackedSend, index: number | null, request: FastifyRequest): EmailEventInput {
  return {
    orgId: send.orgId,
    kind: index === null ? 'opened' : 'clicked',
    contactId: send.contactId,
    emailId: send.emailId,
    campaignId: send.campaignId,
    workflowId: send.workflowId,
    nodeId: send.nodeId,
    sendId: send.id,
    versionId: send.versionId,
    link: index === null ? null : (send.links[index] ?? null),
    articleId: index === null ? null : (send.linkArticles[index] ?? null),
    userAgent: userAgentOf(request),
    occurredAt: new Date(),
    isTest: send.isTest,
  };
}

const NO_STORE_HEADERS = {
  'cache-control': 'no-store, no-cache, must-revalidate, max-age=0, private',
  pragma: 'no-cache',
  expires: '0',
} as const;

function noStore(reply: FastifyReply): FastifyReply {
  return reply.headers(NO_STORE_HEADERS);
}

/**
 * The public tracking endpoints (no login; rate-limited per IP; not API calls, so not in the API docs):
 * - GET /t/o/<token>.gif, the open pixel: always a 1x1 GIF that is never cached; records "opened" (with
 *   the user agent) only for the token of a delivered send, and only within the rate limit.
 * - GET /t/c/<token>/<index>: records "clicked" with the link and redirects (302) to link number <index>
 *   of THAT send as it was in the email, or as `destination` changes it (the journey's click-through token
 *   on the organisation's website). Anything else (an unknown, forged or malformed token, an index
 *   out of range) records nothing and answers a plain 404 page; there is no URL parameter to redirect to.
 */
export function trackingRoutes(
  ctx: AppContext,
  recorder: TrackingRecorder,
  destination: ClickDestination = unchangedDestination,
): FastifyPluginAsyncZod {
  const { config } = ctx;
  // The one rate-limit mechanism (RateLimiter), per client address: the pixel, which cannot answer 429,
  // records nothing over the limit; the click answers 429.
  const rule = { max: config.trackingRateLimit, windowMs: 60_000 };
  // A limit that cannot be read (the database is away) lets the person through: the link was theirs.
  const limit = (what: 'open' | 'click', request: FastifyRequest): Promise<RateDecision> =>
    ctx.rateLimiter.take(`tracking:${what}:${clientKey(request)}`, rule).catch((error: unknown) => {
      request.log.error(error, 'tracking rate limit could not be read');
      return { ok: true };
    });
  const hidden = { hide: true } as const;

  return async (app) => {
    app.get<{ Params: PixelParams }>(
      // A wildcard, not a :param: no path is too long or too odd to get its GIF.
      '/t/o/*',
      {
        config: { public: true },
        schema: hidden,
        // Whatever goes wrong before the handler (a NUL in the path, a bad query), the answer is the GIF.
        errorHandler: (_error, _request, reply) => {
          noStore(reply).code(200).type('image/gif').send(PIXEL_GIF);
        },
      },
      async (request, reply) => {
        const parsed = pixelFileSchema.safeParse(request.params['*']);
        if (parsed.success) {
          try {
            const send = (await limit('open', request)).ok ? await recorder.send(parsed.data) : null;
            if (send) {
              await recorder.record(trackedEvent(send, null, request));
            }
          } catch (error) {
            request.log.error(error, 'open could not be recorded');
          }
        }
        return noStore(reply).type('image/gif').send(PIXEL_GIF);
      },
    );

    app.get<{ Params: ClickParams }>(
      '/t/c/:token/:index',
      { config: { public: true }, schema: hidden },
      async (request, reply) => {
        const decision = await limit('click', request);
        if (!decision.ok) {
          return noStore(reply)
            .code(429)
            .header('retry-after', String(Math.max(1, Math.ceil(decision.retryAfterSeconds))))
            .type('text/plain; charset=utf-8')
            .send(TOO_MANY_CLICKS);
        }
        const token = tokenSchema.safeParse(request.params.token);
        const index = linkIndexSchema.safeParse(request.params.index);
        const linkIndex = index.success ? index.data : undefined;
        const send = token.success && linkIndex !== undefined ? await recorder.send(token.data) : null;
        const link = send && linkIndex !== undefined ? send.links[linkIndex] : undefined;
        if (!send || linkIndex === undefined || link === undefined) {
          return noStore(reply).code(404).type('text/html; charset=utf-8').send(INVALID_LINK_PAGE);
        }
        // The person is sent on even if the click could not be recorded (logged): the link was theirs.
        await recorder
          .record(trackedEvent(send, linkIndex, request))
          .catch((error: unknown) => request.log.error(error, 'click could not be recorded'));
        const to = await destination(send, link).catch((error: unknown) => {
          request.log.error(error, 'click destination could not be changed');
          return link;
        });
        return noStore(reply).redirect(to, 302);
      },
    );
  };
}
