/**
 * The items of a list field as a client may send it: repeated fields or a JSON body's list (as they are),
 * a JSON list in a text (its items), or any other text split by `splitText`. Null when a text that opens
 * as a JSON list is not valid JSON.
 */
export function listFieldParts(
  value: string | readonly unknown[],
  splitText: (raw: string) => string[],
): unknown[] | null {
  if (typeof value !== 'string') return [...value];
  const raw = value.trim();
  if (!raw.startsWith('[')) return splitText(raw);
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
