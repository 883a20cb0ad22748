import { PERSONALITY_TYPE_CODES, PERSONALITY_TYPE_COLOURS } from './audiencePeople.ts';

const personality = <T extends keyof typeof PERSONALITY_TYPE_CODES, L extends string>(
  type: T,
  letter: L,
) => ({
  type,
  letter,
  code: PERSONALITY_TYPE_CODES[type],
  color: PERSONALITY_TYPE_COLOURS[type],
});

/**
 * The personality types an AI email writes one variant for: each with the letter create_ai_email/ takes
 * (`personalities` as first letters), and the type's one code and colour (domain/audiencePeople.ts: the
 * people's badges, the AI variants and the analytics dropdown show the same).
 */
export const AI_PERSONALITIES = [
  personality('Dominant', 'D'),
  personality('Influencer', 'I'),
  personality('Steady', 'S'),
  personality('Conscientious', 'C'),
  personality('Others', 'O'),
] as const;

export type AiPersonalityType = (typeof AI_PERSONALITIES)[number]['type'];
export type AiPersonality = (typeof AI_PERSONALITIES)[number];

/** The personality a letter names (D, I, S, C, O; any case), or null. */
export function personalityOfLetter(letter: string): AiPersonality | null {
  const upper = letter.trim().toUpperCase();
  return AI_PERSONALITIES.find((p) => p.letter === upper) ?? null;
}
