import fs from 'node:fs';
import path from 'node:path';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { classifyVisit } from '../../../domain/journeySource.ts';
import {
  CLICK_TOKEN_PARAM,
  JOURNEY_BODY_LIMIT_BYTES,
  journeyCollectSchema,
  journeyIdentifySchema,
} from '../../../domain/journeyTracking.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { AppError, badRequest } from '../../lib/AppError.ts';
import { errorHandler } from '../../lib/errorHandler.ts';
import { identifyVisitor } from './identifyVisitor.ts';
import type { JourneyOrgs } from './JourneyOrgs.ts';
import { allowDeclaredOrigin } from './journeyOrigin.ts';
import type { PageViewCollector } from './PageViewCollector.ts';

const tags = ['journey'];
const UNKNOWN_TRACKING_ID = 'tid is not the tracking id of any organisation.';
const TOO_LARGE = `The body is too large: the limit is ${JOURNEY_BODY_LIMIT_BYTES / 1024} KB.`;
const NOT_JSON = 'The body is not valid JSON.';

/** A visitor whose browser asks not to be tracked (Do Not Track, Global Privacy Control). */
const optedOut = (request: FastifyRequest) =>
  request.headers.dnt === '1' || request.headers['sec-gpc'] === '1';

/** The collection endpoints' errors: an oversized body says its own limit; the rest as everywhere. */
function collectErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return reply.status(400).send({ success: false, message: TOO_LARGE });
  return errorHandler(error, request, reply);
}

/** The address as stored: without the click-through token, and its path. */
function storedAddress(text: string): { url: string; path: string } {
  const url = new URL(text);
  url.searchParams.delete(CLICK_TOKEN_PARAM);
  return { url: url.toString(), path: url.pathname };
}

/**
 * The public side of the buyer journey (no sign-in; not the workbench's, so no CSRF: the Origin must be
 * one of the organisation's declared domains instead):
 * - POST collect/: a page view from the tracking script, as JSON or as text/plain (navigator.sendBeacon);
 * - POST identify/: a click-through token exchanged, once, for the visitor's contact;
 * - their CORS preflights, which allow an origin some organisation declares;
 * - GET /j/journey.js (at the root): the script, from the public pages' build.
 * Every body is capped at JOURNEY_BODY_LIMIT_BYTES and checked by its zod schema; every call is counted by
 * the one rate limiter per client address. A page view is answered 204 once it is queued for the next group
 * commit (PageViewCollector). A browser that sends DNT: 1 or Sec-GPC: 1 is answered 204 with nothing stored.
 */
export function journeyCollectRoutes(
  ctx: AppContext,
  orgs: JourneyOrgs,
  collector: PageViewCollector,
): FastifyPluginAsyncZod {
  const { config } = ctx;
  const routeConfig = {
    public: true,
    rateLimit: { max: config.journeyRateLimit, timeWindow: '1 minute' },
  };
  const limits = { bodyLimit: JOURNEY_BODY_LIMIT_BYTES, errorHandler: collectErrors, config: routeConfig };
  const base = config.bases.journey;
  const scriptFile = path.join(config.distDir, 'public', 'j', 'journey.js');

  return async (app) => {
    // sendBeacon posts JSON as text/plain (a CORS "simple" request): read it as JSON here.
    app.removeContentTypeParser('text/plain');
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new AppError(400, NOT_JSON), undefined);
      }
    });

    const tracked = async (tid: string, request: FastifyRequest, reply: FastifyReply) => {
      const org = await orgs.ofTrackingId(tid);
      if (!org) throw badRequest(UNKNOWN_TRACKING_ID);
      await allowDeclaredOrigin(request, reply, (host) => org.domains.has(host));
      return org;
    };

    for (const call of ['collect/', 'identify/'])
      app.options(
        `${base}${call}`,
        { config: routeConfig, schema: { tags, summary: `The CORS preflight of ${call}` } },
        async (request, reply) => {
          await allowDeclaredOrigin(request, reply, (host) => orgs.isDeclaredAnywhere(host));
          return reply
            .code(204)
            .header('access-control-allow-methods', 'POST')
            .header('access-control-allow-headers', 'content-type')
            .header('access-control-max-age', '600')
            .send();
        },
      );

    app.post(
      `${base}collect/`,
      {
        ...limits,
        schema: {
          tags,
          summary: 'Record a page view of an organisation website (the tracking script)',
          description:
            "JSON (or text/plain holding JSON): tid (the organisation's tracking id), vid (the visitor id the " +
            'script keeps), eid (the event id: a body sent again is stored once), type page_view, url, title, ' +
            "referrer. The Origin must be one of the organisation's declared domains (else 403). UTM " +
            'parameters are read from url; a wb_jt click-through token in it marks the visit as from email ' +
            'and is not stored. 204; nothing is stored for a browser sending DNT: 1 or Sec-GPC: 1.',
          consumes: ['application/json', 'text/plain'],
          body: journeyCollectSchema,
        },
      },
      async (request, reply) => {
        const body = request.body;
        const org = await tracked(body.tid, request, reply);
        if (optedOut(request)) return reply.code(204).send();
        const visit = classifyVisit({ url: body.url, referrer: body.referrer });
        const address = storedAddress(body.url);
        await collector.record({
          orgId: org.id,
          visitorKey: body.vid,
          clientEventId: body.eid,
          url: address.url,
          path: address.path,
          title: body.title,
          referrer: body.referrer,
          visit,
          viewedAt: ctx.clock(),
        });
        return reply.code(204).send();
      },
    );

    app.post(
      `${base}identify/`,
      {
        ...limits,
        schema: {
          tags,
          summary: 'Link a website visitor to the contact who clicked through from an email',
          description:
            'JSON (or text/plain holding JSON): tid, vid, token (the wb_jt the email click added to the ' +
            'address). A token works once, for a short while, for its own organisation: a forged, expired or ' +
            "reused one is a 400. The visitor's earlier anonymous page views become the contact's.",
          consumes: ['application/json', 'text/plain'],
          body: journeyIdentifySchema,
          response: { 200: z.object({ identified: z.literal(true) }) },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const org = await tracked(body.tid, request, reply);
        if (optedOut(request)) throw badRequest('This browser asks not to be tracked: nothing was linked.');
        await identifyVisitor(ctx.db, org, { visitorKey: body.vid, token: body.token }, ctx.clock());
        return { identified: true as const };
      },
    );

    app.get(
      '/j/journey.js',
      { config: { public: true }, schema: { hide: true } },
      async (_request, reply) => {
        if (!fs.existsSync(scriptFile))
          return reply
            .code(503)
            .type('text/plain; charset=utf-8')
            .send('The public pages are not built: run npm run build.');
        return reply
          .type('text/javascript; charset=utf-8')
          .header('cache-control', 'public, max-age=300')
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(fs.createReadStream(scriptFile));
      },
    );
  };
}
