import type { Kysely, Transaction } from 'kysely';
import type { JourneyCriteria, RecomputeJob } from '../../../domain/journeyScoring.ts';
import type { Database } from '../../db/schema.ts';
import { journeyCriteria } from './journeyCriteria.ts';
import type { ScoringJobs } from './ScoringJobs.ts';

/**
 * POST criteria/: saves the organisation's criteria and queues the recompute of its scores in one
 * transaction (the job runs once they are saved); answers the criteria and the job's state.
 */
export async function changeCriteria(
  db: Kysely<Database>,
  scoring: Pick<ScoringJobs, 'queueRecompute'>,
  orgId: number,
  criteria: JourneyCriteria,
): Promise<{ criteria: JourneyCriteria; job: RecomputeJob }> {
  const job = await db.transaction().execute(async (trx) => {
    await saveCriteria(trx, orgId, criteria);
    return scoring.queueRecompute(trx, orgId);
  });
  return { criteria: await journeyCriteria(db, orgId), job };
}

/** Saves an organisation's criteria. */
async function saveCriteria(
  db: Transaction<Database>,
  orgId: number,
  criteria: JourneyCriteria,
): Promise<void> {
  const values = {
    email_open: criteria.email_open,
    email_click: criteria.email_click,
    form_submission: criteria.form_submission,
    page_view: criteria.page_view,
    unsubscribe: criteria.unsubscribe,
    page_patterns: JSON.stringify(criteria.page_patterns),
    half_life_days: criteria.half_life_days,
    stages: JSON.stringify(criteria.stages),
  };
  await db
    .insertInto('journey_criteria')
    .values({ org_id: orgId, ...values })
    .onConflict((oc) => oc.column('org_id').doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
}
