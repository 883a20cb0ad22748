/** Personality codes of a share profile. */
export const PERSONALITY_METRICS: readonly { code: string; label: string }[] = [
  { code: 'ADVA', label: 'Dominant' },
  { code: 'AIVA', label: 'Influencer' },
  { code: 'ASVA', label: 'Steady' },
  { code: 'ACVA', label: 'Conscientious' },
  { code: 'AOVA', label: 'Others' },
];
