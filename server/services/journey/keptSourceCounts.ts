import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

const GRAIN_MS = { d: 86_400_000, h: 3_600_000, q: 900_000 } as const;
type Grain = keyof typeof GRAIN_MS;
/** A run of whole buckets of one grain: bucket starts from lo (null: the first) to before hi (null: the last). */
export type BucketRange = { grain: Grain; lo: Date | null; hi: Date | null };

const floorTo = (at: Date, grain: Grain) =>
  new Date(Math.floor(at.getTime() / GRAIN_MS[grain]) * GRAIN_MS[grain]);
const ceilTo = (at: Date, grain: Grain) =>
  new Date(Math.ceil(at.getTime() / GRAIN_MS[grain]) * GRAIN_MS[grain]);

/**
 * The buckets of m0065's counts (UTC days, hours, quarter hours) that make up a period exactly: whole days
 * in the middle, whole hours at each edge, quarter hours at the edges of those. Null when an end is not on
 * a quarter hour (the counts cannot answer; every time zone's midnight is on one).
 */
export function bucketRanges(from: Date | null, to: Date | null): BucketRange[] | null {
  if ((from && from.getTime() % GRAIN_MS.q !== 0) || (to && to.getTime() % GRAIN_MS.q !== 0)) return null;
  const ranges: BucketRange[] = [];
  const edge = (lo: Date, hi: Date) => {
    const hourLo = ceilTo(lo, 'h');
    const hourHi = floorTo(hi, 'h');
    if (hourLo < hourHi) {
      ranges.push(
        { grain: 'q', lo, hi: hourLo },
        { grain: 'h', lo: hourLo, hi: hourHi },
        { grain: 'q', lo: hourHi, hi },
      );
    } else ranges.push({ grain: 'q', lo, hi });
  };
  const dayLo = from && ceilTo(from, 'd');
  const dayHi = to && floorTo(to, 'd');
  if (dayLo && dayHi && dayLo >= dayHi) {
    if (from && to) edge(from, to);
  } else {
    ranges.push({ grain: 'd', lo: dayLo, hi: dayHi });
    if (from && dayLo && from < dayLo) edge(from, dayLo);
    if (to && dayHi && dayHi < to) edge(dayHi, to);
  }
  return ranges.filter((r) => !(r.lo && r.hi && r.lo >= r.hi));
}

/** The SQL condition that a count row (grain, at) lies in one of the ranges. */
function inRanges(ranges: readonly BucketRange[]): RawBuilder<boolean> {
  return sql<boolean>`(${sql.join(
    ranges.map(
      (r) =>
        sql`(grain = ${r.grain} and ${r.lo ? sql`at >= ${r.lo}` : sql`true`} and ${r.hi ? sql`at < ${r.hi}` : sql`true`})`,
    ),
    sql` or `,
  )})`;
}

type Count = { key: string; n: number };

/** Views of the period's buckets by source, by UTM combination and by referrer host (the top `limit`). */
export async function keptViews(
  db: Kysely<Database>,
  orgId: number,
  ranges: readonly BucketRange[],
  limit: number,
) {
  const where = sql`org_id = ${orgId} and ${inRanges(ranges)}`;
  const sum = sql<string>`sum(views)`;
  const [bySource, utm, referrers] = await Promise.all([
    sql<{ source: string; views: string }>`
      select source, ${sum} as views from journey_view_counts where ${where} group by source`.execute(db),
    sql<{ utm_source: string | null; utm_medium: string | null; utm_campaign: string | null; views: string }>`
      select utm_source, utm_medium, utm_campaign, ${sum} as views from journey_view_counts
      where ${where} and (utm_source is not null or utm_medium is not null or utm_campaign is not null)
      group by utm_source, utm_medium, utm_campaign having ${sum} > 0
      order by ${sum} desc, utm_source limit ${limit}`.execute(db),
    sql<{ referrer_host: string; views: string }>`
      select referrer_host, ${sum} as views from journey_view_counts
      where ${where} and referrer_host is not null
      group by referrer_host having ${sum} > 0 order by ${sum} desc, referrer_host limit ${limit}`.execute(
      db,
    ),
  ]);
  return { bySource: bySource.rows, utm: utm.rows, referrers: referrers.rows };
}

/**
 * The distinct visitors of a period by source ('' any source), when the period reaches the organisation's
 * latest view (then a visitor seen in it is one whose last view is from its start on); else null.
 */
export async function keptVisitors(
  db: Kysely<Database>,
  orgId: number,
  period: { from: Date | null; to: Date | null },
): Promise<Count[] | null> {
  if (period.to) {
    const { rows } = await sql`
      select 1 from journey_visitor_last where org_id = ${orgId} and source = '' and last_at >= ${period.to}
      limit 1`.execute(db);
    if (rows.length > 0) return null;
  }
  const ranges = bucketRanges(period.from, null);
  if (!ranges) return null;
  const { rows } = await sql<{ key: string; n: string }>`
    select source as key, sum(visitors) as n from journey_visitor_counts
    where org_id = ${orgId} and ${inRanges(ranges)} group by source`.execute(db);
  return rows.map((row) => ({ key: row.key, n: Number(row.n) }));
}
