import type { EmailDesign } from '../../../domain/emailDesign.ts';
import { digestOf, type FingerprintCache, fingerprintOf } from '../draft/fingerprint.ts';

/**
 * The fingerprint of what design/save/ sends, by the kernel's rule (draft/fingerprint.ts): the theme and
 * the version name as the head, then each top-level block's digest in order. Block digests are memoised
 * by object identity when a cache is given (DesignDraft's block objects keep their identity while
 * unchanged).
 */
export function designFingerprint(
  design: EmailDesign,
  versionName: string,
  cache?: FingerprintCache,
): string {
  return fingerprintOf(
    { theme: design.theme, versionName: versionName.trim() },
    design.blocks.map((block) => digestOf(block, cache)),
  );
}
