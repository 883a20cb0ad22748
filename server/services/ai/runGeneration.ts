import type { AiDraftRequest } from '../../../domain/aiDraft.ts';
import { AI_FAILURES } from '../../../domain/aiEmailSchemas.ts';
import type { Db } from '../../db/Db.ts';
import { AppError } from '../../lib/AppError.ts';
import { type AiComposer, AiComposerError } from './AiComposer.ts';
import { aiArticles } from './aiArticles.ts';
import type { AiOutput } from './aiGenerationQueries.ts';
import { composeVariants } from './composeVariants.ts';
import { saveVariants } from './saveVariants.ts';
import { segmentAudience } from './segmentAudience.ts';

/** A generation stopped on purpose (cancelled, or given up elsewhere): nothing to record. */
export class GenerationStopped extends Error {}
/** A generation past its time limit. */
export class GenerationTimedOut extends Error {}

export type GenerationDeps = {
  db: Db;
  composer: AiComposer;
  /** How the composer is named on the generation: 'built-in' or 'model:<name>'. */
  composerName: string;
  limitMs: number;
  publicOrigin: string;
  log: (message: string, error?: unknown) => void;
};

/** What a failed generation says (the spec's texts; a refusal of the save, its own message). */
function failureText(error: unknown): string {
  if (error instanceof AiComposerError) return AI_FAILURES.apiFailed;
  if (error instanceof AppError && error.statusCode < 500) return error.message;
  return AI_FAILURES.unsuccessful;
}

/**
 * Runs one generation (the job of create_ai_email/): segments its audience again, writes one variant per
 * personality in parallel (progress: done counts the variants written), and keeps them all at once
 * (saveVariants). A cancel (`controller`, aborted by AiGenerations when the generation stops running) or
 * the time limit stops the composer's calls; a failure records the spec's text. Either way no email of it
 * is kept (saveVariants keeps nothing of a generation no longer running).
 */
export async function runGeneration(
  deps: GenerationDeps,
  generationId: number,
  controller: AbortController,
): Promise<void> {
  const { db } = deps;
  const gen = await db
    .selectFrom('ai_generation')
    .selectAll()
    .where('id', '=', generationId)
    .executeTakeFirst();
  if (gen?.state !== 'running') return;
  const left = new Date(gen.created_at).getTime() + deps.limitMs - Date.now();
  const timer = setTimeout(() => controller.abort(new GenerationTimedOut()), Math.max(0, left));
  try {
    const audience = {
      orgId: gen.org_id,
      listIds: gen.audience_list_ids,
      contactIds: gen.audience_contact_ids,
    };
    const [segments, articles, org] = await Promise.all([
      segmentAudience(db, audience),
      aiArticles(db, gen.org_id, gen.campaign_id),
      db.selectFrom('organisations').select('name').where('id', '=', gen.org_id).executeTakeFirstOrThrow(),
    ]);
    const requests: AiDraftRequest[] = gen.personalities.map((personality) => ({
      prompt: gen.prompt,
      personality,
      audienceCount: segments.get(personality)?.size ?? 0,
      organisationName: org.name,
      addressedTo: gen.emails_to ?? '',
      articles: articles.map((article) => ({ title: article.title, summary: article.summary })),
    }));
    const drafts = await composeVariants(deps.composer, requests, controller.signal, async () => {
      await db
        .updateTable('ai_generation')
        .set((eb) => ({ done: eb('done', '+', 1) }))
        .where('id', '=', generationId)
        .where('state', '=', 'running')
        .execute();
    });
    const writtenAt = new Date().toISOString();
    const outputs: AiOutput[] = requests.map((request, i) => ({
      kind: 'create',
      personality: request.personality,
      request,
      draft: drafts[i] as AiOutput['draft'],
      composer: deps.composerName,
      written_at: writtenAt,
    }));
    if (controller.signal.aborted) throw controller.signal.reason;
    await saveVariants(db, { generationId, outputs, articles, publicOrigin: deps.publicOrigin });
  } catch (caught) {
    const error = controller.signal.aborted ? controller.signal.reason : caught;
    if (error instanceof GenerationStopped) return;
    if (!(error instanceof AiComposerError) && !(error instanceof GenerationTimedOut))
      deps.log(`AI generation ${generationId} failed`, error);
    await db
      .updateTable('ai_generation')
      .set({ state: 'failed', error: failureText(error), finished_at: new Date() })
      .where('id', '=', generationId)
      .where('state', '=', 'running')
      .execute();
  } finally {
    clearTimeout(timer);
  }
}
