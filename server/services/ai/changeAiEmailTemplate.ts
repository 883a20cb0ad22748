import type { Db } from '../../db/Db.ts';
import { badRequest } from '../../lib/AppError.ts';
import { loadBrand, loadTemplate, templateDesign } from '../publish/designQueries.ts';
import { aiEmailsOf } from './aiEmailsOf.ts';
import { latestDrafts, loadGeneration } from './aiGenerationQueries.ts';
import { aiVariantEmails } from './aiVariantEmails.ts';
import { assertDraftVariants, rewriteVariants } from './rewriteVariants.ts';

/**
 * change_ai_email_template/: lays every variant of the generation out again in a template the user may use
 * (another: 404) around its latest draft; a sent variant refuses the change (400), nothing changed.
 */
export async function changeAiEmailTemplate(
  db: Db,
  viewer: { orgId: number; userId: number },
  input: { generation_id: number; template_id: number },
  publicOrigin: string,
) {
  const gen = await loadGeneration(db, viewer.orgId, input.generation_id);
  const template = await loadTemplate(db, viewer, input.template_id);
  const base = templateDesign(template, await loadBrand(db, viewer.orgId));
  const variants = await aiVariantEmails(db, viewer.orgId, { generationId: gen.id });
  if (variants.length === 0) throw badRequest('This AI email has no variants yet.');
  assertDraftVariants(variants);
  const drafts = latestDrafts(gen);
  await rewriteVariants(db, {
    orgId: viewer.orgId,
    generationId: gen.id,
    fallback: base,
    publicOrigin,
    outputs: [],
    writes: variants.flatMap((variant) => {
      const output = drafts.get(variant.personality_type);
      return output ? [{ variant, draft: output.draft, base }] : [];
    }),
  });
  return aiEmailsOf(db, viewer.orgId, gen.id);
}
