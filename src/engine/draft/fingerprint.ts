/**
 * Fingerprints of what a save sends, independent of key order and of edit history: two docs showing the
 * same content have the same fingerprint, and undoing back to the saved state makes a draft clean again.
 * Used for the exact "unsaved changes" flag and by the open rule (does the local draft differ from the
 * server's version?). Each editor says what its save sends (a head of plain fields, and one digest per
 * node or block); the hash is two 53-bit cyrb53 hashes (28 hex digits).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

function cyrb53(text: string, seed: number): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

/** Two seeds of cyrb53: 28 hex digits. */
export function hashOf(text: string): string {
  return `${cyrb53(text, 1)}${cyrb53(text, 2)}`;
}

/** Digests memoised by object identity (the objects must not be mutated while cached). */
export type FingerprintCache = WeakMap<object, string>;

/** The digest of one part (a node, a block): only parts whose object changed are serialised again. */
export function digestOf(part: object, cache?: FingerprintCache): string {
  const cached = cache?.get(part);
  if (cached !== undefined) return cached;
  const digest = hashOf(canonicalJson(part));
  cache?.set(part, digest);
  return digest;
}

/** The fingerprint of a head of plain fields and the parts' digests, in the order given. */
export function fingerprintOf(head: unknown, parts: readonly string[]): string {
  return hashOf(`${canonicalJson(head)}|${parts.join(',')}`);
}
