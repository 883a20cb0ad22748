import type { AiProgress } from '../../../domain/aiEmailSchemas.ts';
import type { Db } from '../../db/Db.ts';
import { badRequest, notFound } from '../../lib/AppError.ts';
import { notifyWork } from '../../lib/workSignals.ts';
import { AI_GENERATION_STOPPED, type AiGenerations } from './AiGenerations.ts';
import { GENERATION_NOT_FOUND, generationOfRequest, progressOf } from './aiGenerationQueries.ts';

/** ai_email_progress/: how far the organisation's generation of this request is (another's: 404). */
export async function aiEmailProgress(db: Db, orgId: number, aiId: string): Promise<AiProgress> {
  const row = await generationOfRequest(db, orgId, aiId);
  if (!row) throw notFound(GENERATION_NOT_FOUND);
  return progressOf(row);
}

/**
 * cancel_ai_email/: a generation still being written stops (its job sees the state, in any process, and
 * keeps nothing; in this process its calls to the composer are aborted at once). One already finished is
 * not changed (400).
 */
export async function cancelAiEmail(
  db: Db,
  jobs: Pick<AiGenerations, 'stopHere'>,
  orgId: number,
  aiId: string,
): Promise<AiProgress> {
  const cancelled = await db
    .updateTable('ai_generation')
    .set({ state: 'cancelled', finished_at: new Date() })
    .where('org_id', '=', orgId)
    .where('ai_id', '=', aiId)
    .where('state', '=', 'running')
    .returningAll()
    .executeTakeFirst();
  if (cancelled) {
    jobs.stopHere(cancelled.id);
    await notifyWork(db, AI_GENERATION_STOPPED);
    return progressOf(cancelled);
  }
  const row = await generationOfRequest(db, orgId, aiId);
  if (!row) throw notFound(GENERATION_NOT_FOUND);
  throw badRequest(`This AI email is already ${row.state}: there is nothing to cancel.`);
}
