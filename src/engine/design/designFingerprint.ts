import type { EmailDesign } from '../../../domain/emailDesign.ts';
import { canonicalJson } from '../draftFingerprint.ts';

/**
 * A fingerprint of what design/save/ sends (the design and the version name), independent of key order
 * and edit history: undoing back to the saved state makes the draft clean again, and every tab agrees.
 * Two 53-bit cyrb53 hashes of the canonical JSON; block digests are memoised by object identity when a
 * cache is given (DesignDraft's block objects keep their identity while unchanged).
 */
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

const hash = (text: string) => `${cyrb53(text, 1)}${cyrb53(text, 2)}`;

export function designFingerprint(
  design: EmailDesign,
  versionName: string,
  cache?: WeakMap<object, string>,
): string {
  const parts = design.blocks.map((block) => {
    const cached = cache?.get(block);
    if (cached !== undefined) return cached;
    const digest = hash(canonicalJson(block));
    cache?.set(block, digest);
    return digest;
  });
  return hash(
    `${canonicalJson({ theme: design.theme, versionName: versionName.trim() })}|${parts.join(',')}`,
  );
}
