import type { PersonalityFacts, SuggestedPersonality } from '../../../domain/aiDraft.ts';
import type { AiPersonalityType } from '../../../domain/aiPersonalities.ts';

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
 * The built-in composer's suggestion: the job title first, then how engaged the contact is; Steady (the
 * default of a profiled contact) otherwise.
 */
export function personalityByRules(facts: PersonalityFacts): SuggestedPersonality {
  const title = facts.title.trim();
  const rule = title ? TITLE_RULES.find((r) => r.words.test(title)) : undefined;
  if (rule) {
    const word = rule.words.exec(title)?.[0] ?? title;
    return {
      personality_type: rule.type,
      reason: `Job title "${title}" (${word.toLowerCase()})${facts.company ? ` at ${facts.company}` : ''}.`,
    };
  }
  if (facts.engagementScore >= ENGAGED)
    return {
      personality_type: 'Influencer',
      reason: `No telling job title; engages a lot (score ${facts.engagementScore}).`,
    };
  return {
    personality_type: 'Steady',
    reason: title
      ? `Job title "${title}" says little; Steady is the usual start.`
      : 'No job title; Steady is the usual start.',
  };
}
