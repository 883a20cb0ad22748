import type * as Y from 'yjs';
import { type BlockMap, blocksOf, posOf } from '../designDoc.ts';
import { compareByOrder, keyBetween } from '../orderKeys.ts';

/** The blocks under one parent in order (id and order key), optionally leaving one out. */
export function siblingsOf(doc: Y.Doc, parent: string, except?: string): { id: string; order: string }[] {
  const out: { id: string; order: string }[] = [];
  for (const [id, map] of blocksOf(doc).entries()) {
    if (id === except) continue;
    const pos = posOf(map as BlockMap);
    if (pos.parent === parent) out.push({ id, order: pos.order });
  }
  return out.sort(compareByOrder);
}

/** An order key for index (0 = first; past the end = last) among parent's blocks (except one). */
export function orderKeyAt(doc: Y.Doc, parent: string, index: number, except?: string): string {
  const siblings = siblingsOf(doc, parent, except);
  const at = Math.max(0, Math.min(index, siblings.length));
  const before = siblings[at - 1]?.order ?? null;
  const after = siblings[at]?.order ?? null;
  if (before !== null && after !== null && before >= after) {
    // Equal keys (concurrent inserts): step past the equal run.
    return keyBetween(before, null);
  }
  return keyBetween(before, after);
}
