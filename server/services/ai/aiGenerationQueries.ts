import type { Selectable } from 'kysely';
import type { AiDraft, AiDraftRequest } from '../../../domain/aiDraft.ts';
import type { AiProgress } from '../../../domain/aiEmailSchemas.ts';
import type { AiPersonalityType } from '../../../domain/aiPersonalities.ts';
import type { Db } from '../../db/Db.ts';
import type { AiGenerationTable } from '../../db/schema/campaignTables.ts';
import { notFound } from '../../lib/AppError.ts';

export const GENERATION_NOT_FOUND = 'AI email not found.';

export type AiGenerationRow = Selectable<AiGenerationTable>;

/** One thing a composer wrote, kept on the generation for audit: what it was asked and what it wrote. */
export type AiOutput = {
  kind: 'create' | 'regenerate';
  personality: AiPersonalityType;
  request: AiDraftRequest;
  draft: AiDraft;
  composer: string;
  written_at: string;
};

/** The organisation's generation (another organisation's is a 404), locked for a change when asked. */
export async function loadGeneration(
  db: Db,
  orgId: number,
  id: number,
  lock = false,
): Promise<AiGenerationRow> {
  let query = db.selectFrom('ai_generation').selectAll().where('id', '=', id).where('org_id', '=', orgId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(GENERATION_NOT_FOUND);
  return row;
}

/** The organisation's generation of a client's request id, or undefined. */
export function generationOfRequest(db: Db, orgId: number, aiId: string) {
  return db
    .selectFrom('ai_generation')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('ai_id', '=', aiId)
    .executeTakeFirst();
}

export function outputsOf(row: Pick<AiGenerationRow, 'outputs'>): AiOutput[] {
  const value = typeof row.outputs === 'string' ? JSON.parse(row.outputs) : row.outputs;
  return Array.isArray(value) ? (value as AiOutput[]) : [];
}

/** The latest draft written for each personality. */
export function latestDrafts(row: Pick<AiGenerationRow, 'outputs'>): Map<AiPersonalityType, AiOutput> {
  const latest = new Map<AiPersonalityType, AiOutput>();
  for (const output of outputsOf(row)) latest.set(output.personality, output);
  return latest;
}

/** ai_email_progress/: how far a generation is. */
export function progressOf(row: AiGenerationRow): AiProgress {
  return {
    state: row.state,
    done: row.done,
    total: row.total,
    generation_id: row.id,
    message: row.error,
  };
}
