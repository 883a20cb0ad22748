/**
 * The address's query string read and written as plain text: `?campaign_id=4` stays the string "4" (the
 * router's default JSON parsing would write it back as `"4"`), and typing is left to validateSearch
 * (workbenchSearchSchema). Commas stay readable (`email_id=7,8`).
 */
export function parsePlainSearch(searchStr: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(searchStr)) out[key] = value;
  return out;
}

export function stringifyPlainSearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = params.toString().replace(/%2C/gi, ',');
  return text ? `?${text}` : '';
}
