import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { journeySourcesQuerySchema, journeyTrackingBodySchema } from '../../../domain/journeyTracking.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { dayRange } from '../../lib/dayRange.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import type { JourneyOrgs } from './JourneyOrgs.ts';
import { journeySources } from './journeySourcesQueries.ts';
import { journeyTrackingOf, organisationZone } from './journeyTrackingQueries.ts';
import { saveJourneyDomains } from './saveJourneyDomains.ts';

const tags = ['journey'];
const TRACKING =
  'Answers tracking_id, domains (alphabetical) and snippet (the script tag to paste into the website).';

/**
 * The buyer journey's tracking settings and sources report, for the signed-in organisation: its tracking
 * id and declared website domains (read and replaced), and where its website's page views came from.
 */
export function journeyTrackingRoutes(ctx: AppContext, orgs: JourneyOrgs): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.get(
      'tracking/',
      {
        schema: {
          tags,
          summary: "The organisation's website tracking id, domains and snippet",
          description: TRACKING,
        },
      },
      async (request) => ({
        success: true as const,
        ...(await journeyTrackingOf(db, currentAuth(request).user.org_id, config.publicOrigin)),
      }),
    );

    app.post(
      'tracking/',
      {
        schema: {
          tags,
          summary: "Replace the organisation's declared website domains",
          description:
            'JSON: domains, hostnames (at most 50; a pasted address is cut to its host). Only pages on these ' +
            'hosts may send page views, and only links to them carry the click-through token. ' +
            TRACKING,
          body: journeyTrackingBodySchema,
        },
      },
      async (request) => {
        const orgId = currentAuth(request).user.org_id;
        await saveJourneyDomains(db, orgId, request.body.domains);
        orgs.forget();
        return { success: true as const, ...(await journeyTrackingOf(db, orgId, config.publicOrigin)) };
      },
    );

    app.get(
      'sources/',
      {
        schema: {
          tags,
          summary: "Where the organisation's website page views came from",
          description:
            "start_date, end_date (YYYY-MM-DD, days of the organisation's time zone, both included; either " +
            'may be left out). Answers total_views, total_visitors, sources (email, organic, social, referral, ' +
            'direct: views, visitors, share of the views), utm (views by utm_source, utm_medium, ' +
            'utm_campaign) and referrers (views that came from another site, by its host).',
          querystring: journeySourcesQuerySchema,
        },
      },
      async (request) => {
        const orgId = currentAuth(request).user.org_id;
        const period = dayRange(request.query, await organisationZone(db, orgId));
        return { success: true as const, ...(await journeySources(db, orgId, period)) };
      },
    );
  };
}
