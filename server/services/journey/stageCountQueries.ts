import { type Kysely, sql } from 'kysely';
import {
  type JourneyCriteria,
  type JourneyStage,
  type StageCount,
  stageOf,
} from '../../../domain/journeyScoring.ts';
import type { Database } from '../../db/schema.ts';
import { roundedScore, scoredSums, stageSql } from './scoringSql.ts';

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
 * now under `criteria` (the bulk recompute's rules over the stored activity, read-only: nothing is written).
 */
export async function previewStageCounts(
  db: Kysely<Database>,
  orgId: number,
  criteria: JourneyCriteria,
  now: Date,
): Promise<StageCount[]> {
  const { rows } = await sql<{ stage: string; n: string | number }>`
    with crit as (
      select ${orgId}::int as org_id, ${criteria.email_open}::int as email_open,
        ${criteria.email_click}::int as email_click, ${criteria.form_submission}::int as form_submission,
        ${criteria.page_view}::int as page_view, ${criteria.unsubscribe}::int as unsubscribe,
        ${JSON.stringify(criteria.page_patterns)}::jsonb as page_patterns,
        ${criteria.half_life_days}::int as half_life_days, ${JSON.stringify(criteria.stages)}::jsonb as stages
    ),
    ${scoredSums(sql`(select p.org_id, p.contact_id, p.kind, p.label, p.at from journey_points p where p.org_id = ${orgId})`, now)},
    -- Staged once per shown score, not per contact.
    shown as (select ${roundedScore(sql`s.raw`)} as score, count(*) as n from sums s group by 1)
    select ${stageSql(sql`shown.score`)} as stage, sum(shown.n) as n from shown cross join crit c group by 1`.execute(
    db,
  );
  // The contacts without any scored activity have a score of 0 (the kept count of every contact less
  // the scored ones).
  const merged = new Map(rows.map((row) => [row.stage, Number(row.n)]));
  const unscored = (await keptContactTotal(db, orgId)) - [...merged.values()].reduce((a, n) => a + n, 0);
  const zero = stageOf(0, criteria.stages);
  merged.set(zero, (merged.get(zero) ?? 0) + unscored);
  return withCounts(
    criteria.stages,
    [...merged].map(([stage, n]) => ({ stage, n })),
  );
}
