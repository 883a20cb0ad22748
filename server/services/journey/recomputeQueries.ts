import type { Kysely } from 'kysely';
import type { RecomputeJob } from '../../../domain/journeyScoring.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/AppError.ts';

/** recompute/: a recompute's progress (another organisation's is a 404). */
export async function recomputeState(
  db: Kysely<Database>,
  orgId: number,
  jobId: number,
): Promise<RecomputeJob> {
  const job = await db
    .selectFrom('journey_recompute')
    .select(['id', 'state', 'done', 'total'])
    .where('id', '=', jobId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (!job) throw notFound('No such recompute.');
  return job;
}
