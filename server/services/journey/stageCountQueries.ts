import { type Kysely, sql } from 'kysely';
import type { JourneyCriteria, JourneyStage, StageCount } from '../../../domain/journeyScoring.ts';
import type { Database } from '../../db/schema.ts';
import { firstOfItsKindWindow } from '../../lib/eventIdentity.ts';
import { decayedSql, emailPoints, formPoints, roundedScore, stageSql, viewPoints } from './scoringSql.ts';

/** The stages with how many contacts each holds, from (stage name, count) rows (unknown names left out). */
export function withCounts(
  stages: readonly JourneyStage[],
  rows: readonly { stage: string; n: string | number }[],
): StageCount[] {
  const counts = new Map(rows.map((row) => [row.stage, Number(row.n)]));
  return stages.map((stage) => ({ ...stage, contacts: counts.get(stage.name) ?? 0 }));
}

/**
 * How many of the organisation's contacts each of its stages holds now (their stored buyer_stage), read
 * from the people screens' kept counts (audience_facets, category buyerStage: exact, kept by the contacts'
 * statement triggers), so a million contacts cost a few rows.
 */
export async function currentStageCounts(
  db: Kysely<Database>,
  orgId: number,
  stages: readonly JourneyStage[],
): Promise<StageCount[]> {
  const rows = await db
    .selectFrom('audience_facets')
    .select(['value as stage', 'n'])
    .where('org_id', '=', orgId)
    .where('category', '=', 'buyerStage')
    .where('tab', '=', 'all')
    .execute();
  return withCounts(stages, rows);
}

/** How many contacts the organisation has (the kept counts of every contact's status). */
export async function keptContactTotal(db: Kysely<Database>, orgId: number): Promise<number> {
  const row = await db
    .selectFrom('audience_facets')
    .select(sql<string>`coalesce(sum(n), 0)`.as('n'))
    .where('org_id', '=', orgId)
    .where('category', '=', 'status')
    .where('tab', '=', 'all')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * criteria_preview/: how many contacts each stage would hold if the organisation's scores were recomputed
 * now under `criteria` (the bulk recompute's rules, read-only: nothing is written).
 */
export async function previewStageCounts(
  db: Kysely<Database>,
  orgId: number,
  criteria: JourneyCriteria,
  now: Date,
): Promise<StageCount[]> {
  const ofOrg = (alias: string) => sql`${sql.ref(`${alias}.org_id`)} = ${orgId}`;
  const events = sql`(select w.* from (
      select ev.*, ${firstOfItsKindWindow('ev')} as counts from email_event ev
      where ${ofOrg('ev')} and ev.kind in ('opened', 'clicked', 'unsubscribed') and not ev.is_test
        and ev.contact_id is not null) w
    where w.counts) e`;
  const { rows } = await sql<{ stage: string; n: string | number }>`
    with crit as (
      select ${orgId}::int as org_id, ${criteria.email_open}::int as email_open,
        ${criteria.email_click}::int as email_click, ${criteria.form_submission}::int as form_submission,
        ${criteria.page_view}::int as page_view, ${criteria.unsubscribe}::int as unsubscribe,
        ${JSON.stringify(criteria.page_patterns)}::jsonb as page_patterns,
        ${criteria.half_life_days}::int as half_life_days, ${JSON.stringify(criteria.stages)}::jsonb as stages
    ),
    pts as (
      ${emailPoints(events, sql`true`)}
      union all ${formPoints(sql`${ofOrg('f')} and f.contact_id is not null`)}
      union all ${viewPoints(sql`${ofOrg('v')} and v.contact_id is not null`)}
    ),
    scores as materialized (
      select pts.contact_id, sum(${decayedSql(sql`pts.points`, sql`pts.at`, now)}) as raw
      from pts join crit c on true group by pts.contact_id
    ),
    staged as (
      select ${stageSql(roundedScore(sql`coalesce(s.raw, 0)`))} as stage
      from contacts ct left join scores s on s.contact_id = ct.id cross join crit c
      where ct.org_id = ${orgId}
    )
    select stage, count(*) as n from staged group by stage`.execute(db);
  return withCounts(criteria.stages, rows);
}
