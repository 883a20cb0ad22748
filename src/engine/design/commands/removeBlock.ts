import type * as Y from 'yjs';
import { type BlockMap, blocksOf, parseSlot, posOf } from '../designDoc.ts';

/** Removes a block (and, for a columns block, what its columns hold). Returns false if it was not there. */
export function removeBlock(doc: Y.Doc, args: { id: string }): boolean {
  const blocks = blocksOf(doc);
  if (!blocks.has(args.id)) return false;
  for (const [id, map] of [...blocks.entries()]) {
    const slot = parseSlot(posOf(map as BlockMap).parent);
    if (slot?.columnsId === args.id) blocks.delete(id);
  }
  blocks.delete(args.id);
  return true;
}
