import { type RawBuilder, sql } from 'kysely';
import { DEFAULT_JOURNEY_CRITERIA as D } from '../../../domain/journeyScoring.ts';

/**
 * The scoring rules as SQL, written once for the catch-up (scoreNewActivity), the bulk recompute
 * (recomputeScores), the preview and the trails, so they give the same points (tests/server/journey/
 * scoring.test.ts holds them to one answer). Which activity scores is stored (journey_points, one row per
 * activity); what it is worth is read from the criteria (pointsOf). docs/journey.md describes them.
 */

/**
 * The contact's organisation, as an expression no index answers: a contact is found by its id (its
 * primary key), then checked to be of the activity's organisation. Without statistics (PGlite has no
 * autovacuum) the planner otherwise walks the organisation's contacts for each activity.
 */
const SAME_ORG = sql`(ct.org_id + 0)`;

const criteriaRows = sql`
  select o.id as org_id,
    coalesce(jc.email_open, ${D.email_open}) as email_open,
    coalesce(jc.email_click, ${D.email_click}) as email_click,
    coalesce(jc.form_submission, ${D.form_submission}) as form_submission,
    coalesce(jc.page_view, ${D.page_view}) as page_view,
    coalesce(jc.unsubscribe, ${D.unsubscribe}) as unsubscribe,
    coalesce(jc.page_patterns, ${JSON.stringify(D.page_patterns)}::jsonb) as page_patterns,
    coalesce(jc.half_life_days, ${D.half_life_days}) as half_life_days,
    coalesce(jc.stages, ${JSON.stringify(D.stages)}::jsonb) as stages
  from organisations o left join journey_criteria jc on jc.org_id = o.id`;

/** Every organisation's criteria (its journey_criteria row, or the defaults): a CTE named `crit`. */
export const criteriaCte = sql`crit as (${criteriaRows})`;

/** One organisation's criteria as a relation (alias it `c`). */
export const criteriaOf = (orgId: number) => sql`(${criteriaRows} where o.id = ${orgId})`;

/**
 * The scored activity of email events `e` (a relation with email_event's columns) that `counts` lets through: an open,
 * a click or an unsubscribe of a real send (no test) to a contact of the event's organisation. A repeat of
 * an event (analytics' eventIdentity rule: a proxy fetching the pixel again, a double click) gives nothing.
 */
export function emailPoints(from: RawBuilder<unknown>, where: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    select e.org_id, e.contact_id,
      case e.kind when 'opened' then 'email_open' when 'clicked' then 'email_click' else 'unsubscribe' end as kind,
      e.id as source_id, e.occurred_at as at, null::text as label
    from ${from} join contacts ct on ct.id = e.contact_id and ${SAME_ORG} = e.org_id
    where e.kind in ('opened', 'clicked', 'unsubscribed') and not e.is_test and ${where}`;
}

/** The scored activity of the form submissions `f` that `where` lets through (a submission by a known contact). */
export function formPoints(where: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    select f.org_id, f.contact_id, 'form_submission' as kind, f.id::bigint as source_id,
      f.created_at as at, null::text as label
    from form_submissions f join contacts ct on ct.id = f.contact_id and ${SAME_ORG} = f.org_id
    where ${where}`;
}

/**
 * The page views `v` that `where` lets through (views of an identified visitor), each a row with its
 * path as label: the points of the view and of the first page pattern its path matches are read from
 * the criteria (pointsOf), so a change of patterns rewrites no row.
 */
export function viewPoints(where: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    select v.org_id, v.contact_id, 'page_view' as kind, v.id as source_id, v.viewed_at as at, v.path as label
    from page_view v join contacts ct on ct.id = v.contact_id and ${SAME_ORG} = v.org_id
    where ${where}`;
}

/**
 * Inserts the activity rows of `rows` (a union of the above: org_id, contact_id, kind, source_id, at,
 * label) not stored yet, whatever their weight (a weight raised later counts them), returning the new ones.
 */
export function insertPoints(rows: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    insert into journey_points (org_id, contact_id, kind, source_id, at, label)
    select org_id, contact_id, kind, source_id, at, label from (${rows}) s
    on conflict (org_id, kind, source_id) do nothing
    returning org_id, contact_id, kind, label, at`;
}

/**
 * The first page pattern of criteria `c` that the path `path` matches ('*' any characters, any case), as
 * its jsonb ({ pattern, points }), or null.
 */
export function matchedPattern(path: RawBuilder<unknown>): RawBuilder<unknown> {
  const like = sql`replace(replace(replace(replace(lower(x.value->>'pattern'), '!', '!!'), '%', '!%'), '_', '!_'),
    '*', '%')`;
  return sql`(select x.value from jsonb_array_elements(c.page_patterns) with ordinality as x(value, n)
    where lower(${path}) like ${like} escape '!' order by x.n limit 1)`;
}

/**
 * The points an activity row `a` (kind, label) gives under criteria `c`; a page view's are the view's
 * and `patternPoints` (its matched pattern's, e.g. pat.points of scoredSums).
 */
export function pointsOf(a: string, patternPoints: RawBuilder<unknown>): RawBuilder<number> {
  const kind = sql.ref(`${a}.kind`);
  return sql<number>`(case ${kind} when 'email_open' then c.email_open when 'email_click' then c.email_click
    when 'unsubscribe' then c.unsubscribe when 'form_submission' then c.form_submission
    else c.page_view + coalesce(${patternPoints}, 0) end)`;
}

/**
 * Two CTEs over the activity rows `acts` (a relation, or a CTE's name, with org_id, contact_id, kind, label,
 * at) and the criteria `crit`: `pat`, the matched pattern's points of each path (once per distinct path,
 * not per view), and `sums`, per contact (contact_id, org_id) the points of its rows decayed to `now`
 * (raw). A relation is read twice rather than kept in between (PostgreSQL would write a CTE read twice
 * out to disk: millions of rows for a recompute).
 */
export function scoredSums(acts: RawBuilder<unknown>, now: Date): RawBuilder<unknown> {
  return sql`
    pat as materialized (
      select d.org_id, d.label, (${matchedPattern(sql`d.label`)}->>'points')::int as points
      from (select distinct x.org_id, x.label from ${acts} x where x.kind = 'page_view') d
        join crit c on c.org_id = d.org_id
    ),
    sums as materialized (
      select a.contact_id, a.org_id, sum(${decayedSql(pointsOf('a', sql`pat.points`), sql`a.at`, now)}) as raw
      from ${acts} a join crit c on c.org_id = a.org_id
        left join pat on a.kind = 'page_view' and pat.org_id = a.org_id and pat.label = a.label
      group by a.contact_id, a.org_id
    )`;
}

/**
 * What `points` given at `at` are worth at `now` under the half-life of criteria `c`:
 * points * 0.5 ^ (age in days / half_life_days), a point from the future counted whole.
 */
export function decayedSql(
  points: RawBuilder<unknown>,
  at: RawBuilder<unknown>,
  now: Date,
): RawBuilder<number> {
  return sql<number>`(${points} * power(0.5::float8,
    greatest(0, extract(epoch from (${now}::timestamptz - ${at})))::float8 / (c.half_life_days * 86400.0)))`;
}

/** The shown score of an exact one: the nearest whole number (halves away from zero). */
export const roundedScore = (raw: RawBuilder<unknown>) => sql<number>`round((${raw})::numeric)::int`;

/** The stage of criteria `c` a shown score falls in (the first stage below every threshold). */
export function stageSql(score: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`coalesce((
    select stage.value->>'name' from jsonb_array_elements(c.stages) stage
    where (stage.value->>'min_score')::int <= ${score}
    order by (stage.value->>'min_score')::int desc limit 1), c.stages->0->>'name')`;
}
