/**
 * The personality types an AI email writes one variant for: each with the letter create_ai_email/ takes
 * (`personalities` as first letters), its code, and its colour.
 */
export const AI_PERSONALITIES = [
  { type: 'Dominant', letter: 'D', code: 'ADVA', color: '#d64545' },
  { type: 'Influencer', letter: 'I', code: 'AIVA', color: '#e0a100' },
  { type: 'Steady', letter: 'S', code: 'ASVA', color: '#2e9e5b' },
  { type: 'Conscientious', letter: 'C', code: 'ACVA', color: '#2f6fd1' },
  { type: 'Others', letter: 'O', code: 'AOVA', color: '#7a6fb0' },
] as const;

export type AiPersonalityType = (typeof AI_PERSONALITIES)[number]['type'];
export type AiPersonality = (typeof AI_PERSONALITIES)[number];

/** The personality a letter names (D, I, S, C, O; any case), or null. */
export function personalityOfLetter(letter: string): AiPersonality | null {
  const upper = letter.trim().toUpperCase();
  return AI_PERSONALITIES.find((p) => p.letter === upper) ?? null;
}
