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
