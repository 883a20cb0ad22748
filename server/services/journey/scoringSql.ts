import { type RawBuilder, sql } from 'kysely';
import { DEFAULT_JOURNEY_CRITERIA as D } from '../../../domain/journeyScoring.ts';

/**
 * The scoring rules as SQL, written once for the catch-up (scoreNewActivity) and the bulk recompute
 * (recomputeScores), so the two give the same points (tests/server/journey/scoring.test.ts holds them to
 * one answer). docs/journey.md describes them.
 */

/**
 * The contact's organisation, as an expression no index answers: a contact is found by its id (its
 * primary key), then checked to be of the activity's organisation. Without statistics (PGlite has no
 * autovacuum) the planner otherwise walks the organisation's contacts for each activity.
 */
const SAME_ORG = sql`(ct.org_id + 0)`;

/** Every organisation's criteria (its journey_criteria row, or the defaults): a CTE named `crit`. */
export const criteriaCte = sql`crit as (
  select o.id as org_id,
    coalesce(jc.email_open, ${D.email_open}) as email_open,
    coalesce(jc.email_click, ${D.email_click}) as email_click,
    coalesce(jc.form_submission, ${D.form_submission}) as form_submission,
    coalesce(jc.page_view, ${D.page_view}) as page_view,
    coalesce(jc.unsubscribe, ${D.unsubscribe}) as unsubscribe,
    coalesce(jc.page_patterns, ${JSON.stringify(D.page_patterns)}::jsonb) as page_patterns,
    coalesce(jc.half_life_days, ${D.half_life_days}) as half_life_days,
    coalesce(jc.stages, ${JSON.stringify(D.stages)}::jsonb) as stages
  from organisations o left join journey_criteria jc on jc.org_id = o.id)`;

/**
 * Points of email events `e` (a relation with email_event's columns) that `counts` lets through: an open,
 * a click or an unsubscribe of a real send (no test) to a contact of the event's organisation. A repeat of
 * an event (analytics' eventIdentity rule: a proxy fetching the pixel again, a double click) gives nothing.
 */
export function emailPoints(from: RawBuilder<unknown>, where: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    select e.org_id, e.contact_id,
      case e.kind when 'opened' then 'email_open' when 'clicked' then 'email_click' else 'unsubscribe' end as kind,
      e.id as source_id,
      case e.kind when 'opened' then c.email_open when 'clicked' then c.email_click else c.unsubscribe end
        as points,
      e.occurred_at as at, null::text as label
    from ${from} join crit c on c.org_id = e.org_id
      join contacts ct on ct.id = e.contact_id and ${SAME_ORG} = e.org_id
    where e.kind in ('opened', 'clicked', 'unsubscribed') and not e.is_test and ${where}`;
}

/** Points of the form submissions `f` that `where` lets through (a submission by a known contact). */
export function formPoints(where: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    select f.org_id, f.contact_id, 'form_submission' as kind, f.id::bigint as source_id,
      c.form_submission as points, f.created_at as at, null::text as label
    from form_submissions f join crit c on c.org_id = f.org_id
      join contacts ct on ct.id = f.contact_id and ${SAME_ORG} = f.org_id
    where ${where}`;
}

/**
 * Points of the page views `v` that `where` lets through (views of an identified visitor): the view's,
 * and the first of the organisation's page patterns its path matches ('*' any characters, any case).
 */
export function viewPoints(where: RawBuilder<unknown>): RawBuilder<unknown> {
  const like = sql`replace(replace(replace(replace(lower(x.value->>'pattern'), '!', '!!'), '%', '!%'), '_', '!_'),
    '*', '%')`;
  return sql`
    select v.org_id, v.contact_id, 'page_view' as kind, v.id as source_id, c.page_view as points,
      v.viewed_at as at, null::text as label
    from page_view v join crit c on c.org_id = v.org_id
      join contacts ct on ct.id = v.contact_id and ${SAME_ORG} = v.org_id
    where ${where}
    union all
    select v.org_id, v.contact_id, 'page_pattern', v.id, (p.value->>'points')::int, v.viewed_at,
      p.value->>'pattern'
    from page_view v join crit c on c.org_id = v.org_id
      join contacts ct on ct.id = v.contact_id and ${SAME_ORG} = v.org_id
      cross join lateral (
        select x.value from jsonb_array_elements(c.page_patterns) with ordinality as x(value, n)
        where lower(v.path) like ${like} escape '!'
        order by x.n limit 1) p
    where ${where}`;
}

/** Inserts the point rows of `rows` (a union of the above) not stored yet, returning the new ones. */
export function insertPoints(rows: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    insert into journey_points (org_id, contact_id, kind, source_id, points, at, label)
    select org_id, contact_id, kind, source_id, points, at, label from (${rows}) s where s.points <> 0
    on conflict (org_id, kind, source_id) do nothing
    returning contact_id, points, at`;
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
