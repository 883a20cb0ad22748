import type * as Y from 'yjs';
import { type BlockMap, blocksOf, parseSlot, posOf, ROOT_PARENT } from './designDoc.ts';
import { compareByOrder } from './orderKeys.ts';

/**
 * Where every block stands: the top-level ids in order and, per columns block, each column's ids in
 * order. Blocks whose parent no longer exists (a child added in one tab while another removed its
 * columns block) are left out; a column index past the block's column count shows in its last column.
 */
export type DesignLayout = {
  root: string[];
  columns: Record<string, string[][]>;
  /** Each placed block's parent ("" or "<columnsId>#<index>"). */
  parentOf: Record<string, string>;
};

export function readDesignLayout(doc: Y.Doc): DesignLayout {
  const blocks = blocksOf(doc);
  const byParent = new Map<string, { id: string; order: string }[]>();
  for (const [id, map] of blocks.entries()) {
    const pos = posOf(map as BlockMap);
    const list = byParent.get(pos.parent) ?? [];
    list.push({ id, order: pos.order });
    byParent.set(pos.parent, list);
  }
  const sorted = (parent: string) => (byParent.get(parent) ?? []).sort(compareByOrder).map((item) => item.id);
  const root = sorted(ROOT_PARENT);
  const parentOf: Record<string, string> = {};
  const columns: Record<string, string[][]> = {};
  for (const id of root) {
    parentOf[id] = ROOT_PARENT;
    const map = blocks.get(id);
    if (map?.get('kind') !== 'columns') continue;
    const count = Math.max(1, Number((map.get('props') as Y.Map<unknown>).get('columnCount') ?? 2));
    const slots: string[][] = Array.from({ length: count }, () => []);
    for (const parent of byParent.keys()) {
      const slot = parseSlot(parent);
      if (!slot || slot.columnsId !== id) continue;
      const at = Math.min(Math.max(0, slot.index), count - 1);
      for (const child of sorted(parent)) {
        (slots[at] as string[]).push(child);
        parentOf[child] = parent;
      }
    }
    columns[id] = slots;
  }
  return { root, columns, parentOf };
}
