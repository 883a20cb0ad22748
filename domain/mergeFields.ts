/**
 * Merge fields in an email's text: {{first_name}} or, with a fallback for recipients without a value,
 * {{first_name|there}}. The stored HTML keeps them as written; each recipient's render fills them
 * (a plain string replace), the web version and previews fill them with their fallbacks or a sample.
 */
export const MERGE_FIELD_PATTERN = /\{\{\s*(first_name|last_name|email|company)\s*(?:\|([^{}]*?))?\s*\}\}/g;

export type MergeValues = Partial<Record<'first_name' | 'last_name' | 'email' | 'company', string>>;

/**
 * Fills the merge fields of `text`: a field with a value gets it (passed through `encode`, e.g. HTML
 * escaping), one without gets its fallback as written (already text of the document), or nothing.
 */
export function fillMergeFields(
  text: string,
  values: MergeValues,
  encode: (value: string) => string = (value) => value,
): string {
  if (!text.includes('{{')) return text;
  return text.replace(MERGE_FIELD_PATTERN, (_, name: keyof MergeValues, fallback: string | undefined) => {
    const value = values[name]?.trim();
    return value ? encode(value) : (fallback ?? '').trim();
  });
}

export type MergeFieldName = keyof MergeValues;

/** The merge fields a person can insert, as the designer's field picker lists them. */
export const MERGE_FIELDS: readonly { name: MergeFieldName; label: string; example: string }[] = [
  { name: 'first_name', label: 'First name', example: 'Ada' },
  { name: 'last_name', label: 'Last name', example: 'Lovelace' },
  { name: 'email', label: 'Email address', example: 'ada@example.com' },
  { name: 'company', label: 'Company', example: 'Analytical Engines Ltd' },
];

/**
 * The text that inserts a merge field: {{name}}, or {{name|fallback}} when a fallback is given (what a
 * recipient without a value sees). The fallback is plain words: braces and bars, which would end the
 * field early, are left out, and blank space at its ends does not count.
 */
export function mergeFieldToken(name: MergeFieldName, fallback = ''): string {
  const words = fallback.replace(/[{}|]/g, ' ').replace(/\s+/g, ' ').trim();
  return words ? `{{${name}|${words}}}` : `{{${name}}}`;
}
