import type { PersonalitySuggestion } from '../../../domain/aiEmailSchemas.ts';
import type { AiPersonalityType } from '../../../domain/aiPersonalities.ts';
import type { Db } from '../../db/Db.ts';
import { notFound } from '../../lib/AppError.ts';

/** Words of a job title and the personality they suggest, most telling first. */
const TITLE_RULES: readonly { type: AiPersonalityType; words: RegExp }[] = [
  {
    type: 'Dominant',
    words:
      /\b(ceo|coo|cfo|cto|cmo|chief|founder|co-founder|owner|president|vp|vice president|director|head|managing|partner|executive)\b/i,
  },
  {
    type: 'Conscientious',
    words:
      /\b(engineer|engineering|analyst|analytics|data|developer|scientist|research|finance|financial|accountant|controller|legal|counsel|compliance|quality|architect|auditor)\b/i,
  },
  {
    type: 'Influencer',
    words:
      /\b(marketing|sales|brand|communications?|community|partnerships?|evangelist|pr|events?|social|growth|business development)\b/i,
  },
  {
    type: 'Steady',
    words:
      /\b(support|success|hr|people|human resources|operations|office|administrator|admin|coordinator|assistant|service|care|teacher|nurse)\b/i,
  },
];

/** Engagement this high, with no telling title, suggests a reader who answers and shares. */
const ENGAGED = 70;

/**
 * suggest_personality/: a personality for each of the organisation's contacts (another's: 404) by the
 * composer's rules, from what the workbench knows of them: the job title first, then how engaged they
 * are; Steady (the default of a profiled contact) otherwise. Only a suggestion: nothing is changed until
 * the user accepts it (the contact's own update). Nothing leaves the server.
 */
export async function suggestPersonality(
  db: Db,
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
  return {
    suggestions: rows.map((row) => {
      const title = (row.designation ?? '').trim();
      const rule = title ? TITLE_RULES.find((r) => r.words.test(title)) : undefined;
      if (rule) {
        const word = rule.words.exec(title)?.[0] ?? title;
        return {
          contact_id: row.id,
          personality_type: rule.type,
          reason: `Job title "${title}" (${word.toLowerCase()})${row.company ? ` at ${row.company}` : ''}.`,
        };
      }
      if (row.engagement_score >= ENGAGED)
        return {
          contact_id: row.id,
          personality_type: 'Influencer',
          reason: `No telling job title; engages a lot (score ${row.engagement_score}).`,
        };
      return {
        contact_id: row.id,
        personality_type: 'Steady',
        reason: title
          ? `Job title "${title}" says little; Steady is the usual start.`
          : 'No job title; Steady is the usual start.',
      };
    }),
  };
}
