import { sql } from 'kysely';
import { AI_FAILURES, type CreateAiEmailInput } from '../../../domain/aiEmailSchemas.ts';
import { AI_PERSONALITIES } from '../../../domain/aiPersonalities.ts';
import { CAMPAIGN_NAME_EXISTS, EMAIL_NAME_EXISTS } from '../../../domain/campaignSchemas.ts';
import type { Db } from '../../db/Db.ts';
import { AppError, badRequest, notFound } from '../../lib/AppError.ts';
import { notifyWork } from '../../lib/workSignals.ts';
import type { Actor } from '../campaign/Actor.ts';
import { campaignNameTaken, emailNameTaken, lockOrgCampaign } from '../campaign/campaignQueries.ts';
import { AI_GENERATION_STOPPED, type AiGenerations } from './AiGenerations.ts';
import { aiEmailsOf } from './aiEmailsOf.ts';
import { type AiGenerationRow, generationOfRequest, loadGeneration } from './aiGenerationQueries.ts';
import { variantName } from './saveVariants.ts';
import { segmentAudience } from './segmentAudience.ts';

export type CreateAiDeps = { db: Db; jobs: AiGenerations; composerName: string; limitMs: number };

/** The ids of `ids` that are not the organisation's rows of `table` (a foreign list or contact: 404). */
async function foreign(db: Db, table: 'contacts' | 'contact_lists', orgId: number, ids: number[]) {
  if (ids.length === 0) return false;
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from ${sql.table(table)} where org_id = ${orgId} and id in (${sql.join(ids)})`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0) < new Set(ids).size;
}

/**
 * Waits for a generation to settle (its job in any process), up to its time limit; past it the generation
 * is given up (failed, nothing kept) and its calls here stopped.
 */
export async function waitForGeneration(
  deps: CreateAiDeps,
  orgId: number,
  id: number,
): Promise<AiGenerationRow> {
  for (;;) {
    const row = await loadGeneration(deps.db, orgId, id);
    if (row.state !== 'running') return row;
    const left = new Date(row.created_at).getTime() + deps.limitMs - Date.now();
    if (left <= 0) {
      await deps.db
        .updateTable('ai_generation')
        .set({ state: 'failed', error: AI_FAILURES.unsuccessful, finished_at: new Date() })
        .where('id', '=', id)
        .where('state', '=', 'running')
        .execute();
      deps.jobs.stopHere(id);
      await notifyWork(deps.db, AI_GENERATION_STOPPED);
      continue;
    }
    await deps.jobs.whenSettled(id, Math.min(250, left));
  }
}

/** A settled generation as create_ai_email/ answers it: its variants, or the failure it ended with. */
async function answerOf(deps: CreateAiDeps, row: AiGenerationRow) {
  if (row.state === 'done') {
    const { generation, emails } = await aiEmailsOf(deps.db, row.org_id, row.id);
    return { generation_id: row.id, campaign_id: generation.campaign_id, generation, emails };
  }
  if (row.state === 'cancelled')
    throw new AppError(409, 'The AI email was cancelled: nothing was kept.', {}, { state: 'cancelled' });
  const message = row.error ?? AI_FAILURES.unsuccessful;
  const status = message === AI_FAILURES.apiFailed ? 502 : message === AI_FAILURES.unsuccessful ? 504 : 400;
  throw new AppError(status, message, {}, { state: 'failed', generation_id: row.id });
}

/**
 * create_ai_email/: checks the request (a campaign of the organisation or a free name for a new one, an
 * audience that has people, in the personalities asked for; free names for the variants), segments the
 * audience by personality in one query, records the generation and queues its job, then waits for it
 * (up to the time limit) and answers its variants. A second call with the same ai_id waits for the same
 * generation. Nothing of a failed or cancelled generation is kept.
 */
export async function createAiEmail(deps: CreateAiDeps, user: Actor, input: CreateAiEmailInput) {
  const { db } = deps;
  const earlier = await generationOfRequest(db, user.org_id, input.ai_id);
  if (earlier) return answerOf(deps, await waitForGeneration(deps, user.org_id, earlier.id));

  let campaignId: number | null = null;
  let newCampaign: string | null = null;
  if (input.create_campaign_flag) {
    if (!input.campaign_name) throw badRequest('campaign_name is required with create_campaign_flag.');
    if (await campaignNameTaken(db, user.org_id, input.campaign_name)) throw badRequest(CAMPAIGN_NAME_EXISTS);
    newCampaign = input.campaign_name;
  } else if (input.campaign_id !== null) {
    campaignId = (await lockOrgCampaign(db, user.org_id, input.campaign_id)).id;
  } else throw badRequest('Choose the campaign (campaign_id), or name a new one with create_campaign_flag.');

  if (input.contact_ids.length === 0 && input.list_ids.length === 0)
    throw badRequest(AI_FAILURES.emptyAudience);
  if (await foreign(db, 'contact_lists', user.org_id, input.list_ids)) throw notFound('List not found.');
  if (await foreign(db, 'contacts', user.org_id, input.contact_ids)) throw notFound('Contact not found.');
  const segments = await segmentAudience(db, {
    orgId: user.org_id,
    listIds: input.list_ids,
    contactIds: input.contact_ids,
  });
  if (segments.size === 0) throw badRequest(AI_FAILURES.emptyAudience);
  const asked = input.personalities.length > 0 ? input.personalities : AI_PERSONALITIES.map((p) => p.type);
  const personalities = asked.filter((type) => segments.has(type));
  if (personalities.length === 0) throw badRequest(AI_FAILURES.noSegment);
  for (const type of personalities)
    if (
      campaignId !== null &&
      (await emailNameTaken(db, user.org_id, campaignId, variantName(input.email_name, type)))
    )
      throw badRequest(EMAIL_NAME_EXISTS);

  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('ai_generation')
      .values({
        org_id: user.org_id,
        ai_id: input.ai_id,
        campaign_id: campaignId,
        new_campaign_name: newCampaign,
        name: input.email_name,
        prompt: input.prompt,
        audience_contact_ids: input.contact_ids,
        audience_list_ids: input.list_ids,
        personalities,
        emails_to: input.emails_to,
        composer: deps.composerName,
        total: personalities.length,
        created_by: user.id,
      })
      .onConflict((oc) => oc.columns(['org_id', 'ai_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) await deps.jobs.queue(trx, row.id);
    return row?.id ?? null;
  });
  if (id === null) return createAiEmail(deps, user, input);
  deps.jobs.wake();
  return answerOf(deps, await waitForGeneration(deps, user.org_id, id));
}
