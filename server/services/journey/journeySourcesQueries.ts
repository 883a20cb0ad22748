import { type Kysely, sql } from 'kysely';
import { JOURNEY_SOURCES, type JourneySource, type JourneySources } from '../../../domain/journeyTracking.ts';
import type { Database } from '../../db/schema.ts';

/** At most this many UTM combinations and referrer hosts, the most viewed first. */
export const MAX_SOURCE_ROWS = 50;

/**
 * The organisation's page views of a period (instants; null: unbounded) by source (every source, in
 * order, with its views, distinct visitors and share of the views), by UTM parameters (views that carry
 * any) and by external referrer host (views that start a visit from another site). Read through the index
 * on (org_id, viewed_at).
 */
export async function journeySources(
  db: Kysely<Database>,
  orgId: number,
  period: { from: Date | null; to: Date | null },
): Promise<JourneySources> {
  let views = db.selectFrom('page_view').where('org_id', '=', orgId);
  if (period.from) views = views.where('viewed_at', '>=', period.from);
  if (period.to) views = views.where('viewed_at', '<', period.to);
  const count = sql<string>`count(*)`;
  const [bySource, totals, utm, referrers] = await Promise.all([
    views
      .select(['source', count.as('views'), sql<string>`count(distinct visitor_id)`.as('visitors')])
      .groupBy('source')
      .execute(),
    views
      .select([count.as('views'), sql<string>`count(distinct visitor_id)`.as('visitors')])
      .executeTakeFirst(),
    views
      .select(['utm_source', 'utm_medium', 'utm_campaign', count.as('views')])
      .where((eb) =>
        eb.or([
          eb('utm_source', 'is not', null),
          eb('utm_medium', 'is not', null),
          eb('utm_campaign', 'is not', null),
        ]),
      )
      .groupBy(['utm_source', 'utm_medium', 'utm_campaign'])
      .orderBy(count, 'desc')
      .orderBy('utm_source')
      .limit(MAX_SOURCE_ROWS)
      .execute(),
    views
      .select(['referrer_host', count.as('views')])
      .where('referrer_host', 'is not', null)
      .groupBy('referrer_host')
      .orderBy(count, 'desc')
      .orderBy('referrer_host')
      .limit(MAX_SOURCE_ROWS)
      .execute(),
  ]);
  const totalViews = Number(totals?.views ?? 0);
  const found = new Map(bySource.map((row) => [row.source, row]));
  return {
    total_views: totalViews,
    total_visitors: Number(totals?.visitors ?? 0),
    sources: JOURNEY_SOURCES.map((source: JourneySource) => {
      const row = found.get(source);
      const sourceViews = Number(row?.views ?? 0);
      return {
        source,
        views: sourceViews,
        visitors: Number(row?.visitors ?? 0),
        share: totalViews === 0 ? 0 : sourceViews / totalViews,
      };
    }),
    utm: utm.map((row) => ({
      utm_source: row.utm_source,
      utm_medium: row.utm_medium,
      utm_campaign: row.utm_campaign,
      views: Number(row.views),
    })),
    referrers: referrers.map((row) => ({
      referrer_host: row.referrer_host as string,
      views: Number(row.views),
    })),
  };
}
