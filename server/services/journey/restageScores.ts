import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { lockScoringProgress } from './scoreNewActivity.ts';
import { criteriaCte, decayedSql, roundedScore, stageSql } from './scoringSql.ts';

/**
 * Decays every score to `now` (of one organisation, or all) and moves the contacts whose shown score or
 * stage changed with it; every exact score stays as of its time (contact_scores), which is the same. The
 * hourly restage (ScoringJobs), under the catch-up's lock, keeps shown scores at most an hour behind their decay. Answers the contacts
 * moved.
 */
export async function restageScores(db: Kysely<Database>, now: Date, orgId?: number): Promise<number> {
  const ofOrg = orgId === undefined ? sql`true` : sql`cs.org_id = ${orgId}`;
  // Under the catch-up's lock: a score it adds to meanwhile would otherwise be written back without it.
  const result = await db.transaction().execute(async (trx) => {
    await lockScoringProgress(trx);
    return sql`
    with ${criteriaCte},
    s as (
      select cs.contact_id as id, cs.org_id, ${decayedSql(sql`cs.score_raw`, sql`cs.score_at`, now)} as raw
      from contact_scores cs join crit c on c.org_id = cs.org_id
      where ${ofOrg}
    ),
    moved as (
      select s.id, s.raw, ${roundedScore(sql`s.raw`)} as score, ${stageSql(roundedScore(sql`s.raw`))} as stage
      from s join crit c on c.org_id = s.org_id
    )
    update contacts ct set engagement_score = m.score, buyer_stage = m.stage
    from moved m
    where ct.id = m.id and (ct.engagement_score <> m.score or ct.buyer_stage <> m.stage)`.execute(trx);
  });
  return Number(result.numAffectedRows ?? 0);
}
