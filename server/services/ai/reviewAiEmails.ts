import type { z } from 'zod';
import type { reviewAiEmailsBodySchema } from '../../../domain/aiEmailSchemas.ts';
import type { Db } from '../../db/Db.ts';
import { inTransaction } from '../../db/inTransaction.ts';
import { notFound } from '../../lib/AppError.ts';
import type { Actor } from '../campaign/Actor.ts';
import { aiEmailsOf } from './aiEmailsOf.ts';
import { loadGeneration } from './aiGenerationQueries.ts';

/**
 * review_ai_emails/: marks variants of a generation (email_id; none: all of them) reviewed or not
 * (is_reviewed) and/or opened now (last_visited). The generation reads reviewed, by whom and when, once
 * every variant is. A variant of another generation or organisation is a 404.
 */
export async function reviewAiEmails(db: Db, user: Actor, input: z.infer<typeof reviewAiEmailsBodySchema>) {
  await inTransaction(db, async (trx) => {
    const gen = await loadGeneration(trx, user.org_id, input.generation_id, true);
    const emails = await trx
      .selectFrom('emails')
      .select(['id', 'is_reviewed'])
      .where('generation_id', '=', gen.id)
      .where('org_id', '=', user.org_id)
      .execute();
    const chosen = input.email_id.length > 0 ? input.email_id : emails.map((email) => email.id);
    if (chosen.some((id) => !emails.some((email) => email.id === id))) throw notFound('Email not found.');
    const now = new Date();
    if (chosen.length > 0 && (input.is_reviewed !== undefined || input.last_visited))
      await trx
        .updateTable('emails')
        .set({
          ...(input.is_reviewed !== undefined ? { is_reviewed: input.is_reviewed } : {}),
          ...(input.last_visited ? { last_visited: now } : {}),
        })
        .where('id', 'in', chosen)
        .execute();
    const reviewed = emails.every((email) =>
      chosen.includes(email.id) && input.is_reviewed !== undefined ? input.is_reviewed : email.is_reviewed,
    );
    await trx
      .updateTable('ai_generation')
      .set(
        reviewed && emails.length > 0
          ? { reviewed_at: gen.reviewed_at ?? now, reviewed_by: gen.reviewed_by ?? user.id }
          : { reviewed_at: null, reviewed_by: null },
      )
      .where('id', '=', gen.id)
      .execute();
  });
  return aiEmailsOf(db, user.org_id, input.generation_id);
}
