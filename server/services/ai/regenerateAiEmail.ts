import type { z } from 'zod';
import type { AiDraftRequest } from '../../../domain/aiDraft.ts';
import type { regenerateAiEmailBodySchema } from '../../../domain/aiEmailSchemas.ts';
import type { Db } from '../../db/Db.ts';
import { AppError, badRequest, notFound } from '../../lib/AppError.ts';
import { loadBrand, loadDesignArticles, organisationDefaultDesign } from '../publish/designQueries.ts';
import { type AiComposer, AiComposerError } from './AiComposer.ts';
import { variantsOf } from './aiEmailsOf.ts';
import { type AiOutput, loadGeneration } from './aiGenerationQueries.ts';
import { aiVariantEmails } from './aiVariantEmails.ts';
import { composeVariants } from './composeVariants.ts';
import { assertDraftVariants, rewriteVariants } from './rewriteVariants.ts';
import { segmentAudience } from './segmentAudience.ts';

export type RegenerateDeps = {
  db: Db;
  composer: AiComposer;
  composerName: string;
  limitMs: number;
  publicOrigin: string;
};

/**
 * regenerate_ai_email/: writes the chosen variants (email_id, all of one generation, not sent) again from a
 * new prompt, in parallel and within the time limit, while the caller waits (a few variants; the answer is
 * the new variants). Each keeps its design around the new text (the template stays) as a new save of the
 * same edition; the prompt and what was written are added to the generation's record. A composer failure
 * answers 'AI_GENERATIVE_EMAIL_API Failed!!' (502) and changes nothing.
 */
export async function regenerateAiEmail(
  deps: RegenerateDeps,
  orgId: number,
  input: z.infer<typeof regenerateAiEmailBodySchema>,
) {
  const { db } = deps;
  const variants = await aiVariantEmails(db, orgId, { emailIds: input.email_id });
  if (variants.length !== new Set(input.email_id).size) throw notFound('Email not found.');
  const generationId = variants[0]?.generation_id ?? 0;
  if (variants.some((variant) => variant.generation_id !== generationId))
    throw badRequest('Choose variants of one AI email.');
  assertDraftVariants(variants);
  const gen = await loadGeneration(db, orgId, generationId);
  const [segments, org] = await Promise.all([
    segmentAudience(db, { orgId, listIds: gen.audience_list_ids, contactIds: gen.audience_contact_ids }),
    db.selectFrom('organisations').select('name').where('id', '=', orgId).executeTakeFirstOrThrow(),
  ]);
  const requests: AiDraftRequest[] = [];
  for (const variant of variants) {
    const articles = await loadDesignArticles(db, variant.version_id);
    requests.push({
      prompt: input.prompt,
      personality: variant.personality_type,
      audienceCount: segments.get(variant.personality_type)?.size ?? 0,
      organisationName: org.name,
      addressedTo: gen.emails_to ?? '',
      articles: articles.map((article) => ({ title: article.title, summary: article.summary })),
    });
  }
  let drafts: AiOutput['draft'][];
  try {
    drafts = await composeVariants(deps.composer, requests, AbortSignal.timeout(deps.limitMs));
  } catch (error) {
    if (error instanceof AiComposerError) throw new AppError(502, error.userMessage);
    throw new AppError(504, 'AI Emails Creation Unsuccessful!!');
  }
  const writtenAt = new Date().toISOString();
  const fallback = (await organisationDefaultDesign(db, orgId, await loadBrand(db, orgId))).design;
  await rewriteVariants(db, {
    orgId,
    generationId,
    fallback,
    publicOrigin: deps.publicOrigin,
    writes: variants.map((variant, i) => ({ variant, draft: drafts[i] as AiOutput['draft'] })),
    outputs: requests.map((request, i) => ({
      kind: 'regenerate',
      personality: request.personality,
      request,
      draft: drafts[i] as AiOutput['draft'],
      composer: deps.composerName,
      written_at: writtenAt,
    })),
  });
  const chosen = new Set(variants.map((variant) => variant.email_id));
  const all = await variantsOf(db, await loadGeneration(db, orgId, generationId));
  return { generation_id: generationId, emails: all.filter((variant) => chosen.has(variant.email_id)) };
}
