import type { AiDraft } from '../../../domain/aiDraft.ts';
import type { EmailDesign } from '../../../domain/emailDesign.ts';
import type { Db } from '../../db/Db.ts';
import { inTransaction } from '../../db/inTransaction.ts';
import { badRequest } from '../../lib/AppError.ts';
import { storedDesign } from '../publish/designQueries.ts';
import type { AiOutput } from './aiGenerationQueries.ts';
import type { VariantEdition } from './aiVariantEmails.ts';
import { writeVariantDesign } from './writeVariantDesign.ts';

/** A variant sent already is not rewritten: its edition is what went out. */
export function assertDraftVariants(variants: readonly VariantEdition[]): void {
  if (variants.some((variant) => variant.status !== 'draft'))
    throw badRequest('A variant that was sent or scheduled cannot be changed: clone the AI email instead.');
}

/**
 * Writes drafts into variants' editions, all in one transaction: each on `baseOf(variant)` (its own
 * design, so a chosen template stays; or another template), saved as a design save is. `outputs` (what
 * was written, for audit) are added to the generation.
 */
export async function rewriteVariants(
  db: Db,
  input: {
    orgId: number;
    generationId: number;
    writes: { variant: VariantEdition; draft: AiDraft; base?: EmailDesign }[];
    outputs: AiOutput[];
    fallback: EmailDesign;
    publicOrigin: string;
  },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const gen = await trx
      .selectFrom('ai_generation')
      .select('outputs')
      .where('id', '=', input.generationId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    for (const { variant, draft, base } of input.writes)
      await writeVariantDesign(trx, {
        orgId: input.orgId,
        versionId: variant.version_id,
        draft,
        base: base ?? storedDesign(variant.design) ?? input.fallback,
        publicOrigin: input.publicOrigin,
      });
    if (input.outputs.length > 0) {
      const earlier = Array.isArray(gen.outputs) ? gen.outputs : [];
      await trx
        .updateTable('ai_generation')
        .set({ outputs: JSON.stringify([...earlier, ...input.outputs]) })
        .where('id', '=', input.generationId)
        .execute();
    }
  });
}
