import type { PersonalitySuggestion } from '../../../domain/aiEmailSchemas.ts';
import type { Db } from '../../db/Db.ts';
import { AppError, notFound } from '../../lib/AppError.ts';
import { type AiComposer, AiComposerError } from './AiComposer.ts';

/** How many contacts are asked about at once (a model is called once per contact). */
const AT_ONCE = 4;

/**
 * suggest_personality/: a personality for each of the organisation's contacts (another's: 404) by the
 * composer: the configured language model, given only the contact's job title, company and engagement
 * score (never its name or address), or, with none, the built-in composer's rules. Only a suggestion:
 * nothing is changed until the user accepts it (the contact's own update). A model that fails answers the
 * AI failure text (AiComposerError), and nothing is suggested.
 */
export async function suggestPersonality(
  db: Db,
  composer: Pick<AiComposer, 'suggest'>,
  orgId: number,
  contactIds: readonly number[],
): Promise<{ suggestions: PersonalitySuggestion[] }> {
  const ids = [...new Set(contactIds)];
  const rows = await db
    .selectFrom('contacts as c')
    .leftJoin('accounts as a', 'a.id', 'c.account_id')
    .select(['c.id', 'c.designation', 'c.engagement_score', 'a.name as company'])
    .where('c.org_id', '=', orgId)
    .where('c.id', 'in', ids)
    .orderBy('c.id')
    .execute();
  if (rows.length !== ids.length) throw notFound('Contact not found.');
  const suggestions: PersonalitySuggestion[] = [];
  for (let i = 0; i < rows.length; i += AT_ONCE) {
    const batch = rows.slice(i, i + AT_ONCE);
    const answers = await Promise.all(
      batch.map((row) =>
        composer.suggest({
          title: row.designation ?? '',
          company: row.company ?? '',
          engagementScore: row.engagement_score,
        }),
      ),
    ).catch((error: unknown) => {
      if (error instanceof AiComposerError) throw new AppError(502, error.userMessage);
      throw error;
    });
    batch.forEach((row, j) => {
      const answer = answers[j];
      if (answer) suggestions.push({ contact_id: row.id, ...answer });
    });
  }
  return { suggestions };
}
