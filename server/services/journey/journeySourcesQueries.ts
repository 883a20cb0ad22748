import { type Kysely, sql } from 'kysely';
import { JOURNEY_SOURCES, type JourneySource, type JourneySources } from '../../../domain/journeyTracking.ts';
import type { Database } from '../../db/schema.ts';
import { bucketRanges, keptViews, keptVisitors } from './keptSourceCounts.ts';

/** At most this many UTM combinations and referrer hosts, the most viewed first. */
export const MAX_SOURCE_ROWS = 50;

/**
 * The organisation's page views of a period (instants; null: unbounded) by source (every source, in
 * order, with its views, distinct visitors and share of the views), by UTM parameters (views that carry
 * any) and by external referrer host (views that start a visit from another site). The views are read
 * from the counts kept ahead (m0065, keptSourceCounts.ts), and so are the visitors when the period reaches
 * the latest view (every period ending today); other periods' visitors are counted from the rows.
 */
export async function journeySources(
  db: Kysely<Database>,
  orgId: number,
  period: { from: Date | null; to: Date | null },
): Promise<JourneySources> {
  const ranges = bucketRanges(period.from, period.to);
  if (!ranges) return countedSources(db, orgId, period);
  const [views, visitors] = await Promise.all([
    keptViews(db, orgId, ranges, MAX_SOURCE_ROWS),
    keptVisitors(db, orgId, period).then((kept) => kept ?? countedVisitors(db, orgId, period)),
  ]);
  const byVisitors = new Map(visitors.map((row) => [row.key, row.n]));
  return answer(
    views.bySource.map((row) => ({ ...row, visitors: byVisitors.get(row.source) ?? 0 })),
    {
      views: views.bySource.reduce((sum, row) => sum + Number(row.views), 0),
      visitors: byVisitors.get('') ?? 0,
    },
    views.utm,
    views.referrers,
  );
}

/** The visitors of a period by source ('' any), counted from the rows. */
async function countedVisitors(
  db: Kysely<Database>,
  orgId: number,
  period: { from: Date | null; to: Date | null },
): Promise<{ key: string; n: number }[]> {
  const views = ofPeriod(db, orgId, period);
  const distinct = sql<string>`count(distinct visitor_id)`;
  const [bySource, all] = await Promise.all([
    views
      .select(['source', distinct.as('n')])
      .groupBy('source')
      .execute(),
    views.select(distinct.as('n')).executeTakeFirst(),
  ]);
  return [
    ...bySource.map((row) => ({ key: row.source, n: Number(row.n) })),
    { key: '', n: Number(all?.n ?? 0) },
  ];
}

function ofPeriod(db: Kysely<Database>, orgId: number, period: { from: Date | null; to: Date | null }) {
  let views = db.selectFrom('page_view').where('org_id', '=', orgId);
  if (period.from) views = views.where('viewed_at', '>=', period.from);
  if (period.to) views = views.where('viewed_at', '<', period.to);
  return views;
}

/** The report counted from the rows (a period whose ends are not on a quarter hour). */
export async function countedSources(
  db: Kysely<Database>,
  orgId: number,
  period: { from: Date | null; to: Date | null },
): Promise<JourneySources> {
  const views = ofPeriod(db, orgId, period);
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
  return answer(
    bySource,
    { views: Number(totals?.views ?? 0), visitors: Number(totals?.visitors ?? 0) },
    utm,
    referrers,
  );
}

type ViewRow = { views: string | number };

/** The answer from the views and visitors by source, the totals, the UTM and the referrer rows. */
function answer(
  bySource: ({ source: string; visitors: string | number } & ViewRow)[],
  totals: { views: number; visitors: number },
  utm: ({ utm_source: string | null; utm_medium: string | null; utm_campaign: string | null } & ViewRow)[],
  referrers: ({ referrer_host: string | null } & ViewRow)[],
): JourneySources {
  const totalViews = totals.views;
  const found = new Map(bySource.map((row) => [row.source, row]));
  return {
    total_views: totalViews,
    total_visitors: totals.visitors,
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
