import type * as Y from 'yjs';
import { LEAF_KINDS } from '../blockDefaults.ts';
import { type BlockMap, blocksOf, parseSlot, posOf, ROOT_PARENT } from '../designDoc.ts';
import { orderKeyAt, siblingsOf } from './siblingsOf.ts';

export type MoveBlockArgs = {
  id: string;
  /** The index the block should have among the target parent's blocks (counted without it). */
  index: number;
  /** Default: where it is. */
  parent?: string;
};

/**
 * Moves a block (a drop on the canvas, or the keyboard): writes only its `pos`, so concurrent moves
 * converge (the last one wins) and never duplicate it. Returns false when nothing moved.
 */
export function moveBlock(doc: Y.Doc, args: MoveBlockArgs): boolean {
  const map = blocksOf(doc).get(args.id) as BlockMap | undefined;
  if (!map) return false;
  const current = posOf(map);
  const parent = args.parent ?? current.parent;
  if (parent !== ROOT_PARENT) {
    const slot = parseSlot(parent);
    if (!slot || slot.columnsId === args.id || !LEAF_KINDS.includes(map.get('kind') as never)) return false;
    if (blocksOf(doc).get(slot.columnsId)?.get('kind') !== 'columns') return false;
  }
  const siblings = siblingsOf(doc, parent, args.id);
  const index = Math.max(0, Math.min(args.index, siblings.length));
  if (parent === current.parent) {
    const now = siblingsOf(doc, parent).findIndex((item) => item.id === args.id);
    if (now === index) return false;
  }
  map.set('pos', { parent, order: orderKeyAt(doc, parent, index, args.id) });
  return true;
}

/** Moves a block one place up (-1) or down (+1) among its siblings (Alt+Arrow keys). */
export function moveBlockBy(doc: Y.Doc, args: { id: string; delta: -1 | 1 }): boolean {
  const map = blocksOf(doc).get(args.id) as BlockMap | undefined;
  if (!map) return false;
  const { parent } = posOf(map);
  const now = siblingsOf(doc, parent).findIndex((item) => item.id === args.id);
  const target = now + args.delta;
  if (now < 0 || target < 0 || target >= siblingsOf(doc, parent).length) return false;
  return moveBlock(doc, { id: args.id, parent, index: target });
}
