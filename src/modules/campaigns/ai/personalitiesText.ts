import { personalityOfLetter } from '../../../../domain/aiPersonalities.ts';

/** Personalities named by letter or by name, as a sentence's list: "Influencer and Others". */
export function personalitiesText(values: readonly string[]): string {
  const names = values.map((value) =>
    value.length === 1 ? (personalityOfLetter(value)?.type ?? value) : value,
  );
  return new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(names);
}
