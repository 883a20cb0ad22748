import type * as Y from 'yjs';
import type { DesignBlock } from '../../../../domain/emailDesign.ts';
import { type BlockMap, blocksOf, posOf, readBlockFields, writeBlock } from '../designDoc.ts';
import { newBlockId } from '../newBlockId.ts';
import { readDesignLayout } from '../readDesignLayout.ts';
import { orderKeyAt, siblingsOf } from './siblingsOf.ts';

/** Copies a block (with its columns' content) right below itself. Returns the copy's id, or null. */
export function duplicateBlock(doc: Y.Doc, args: { id: string; newId?: string }): string | null {
  const blocks = blocksOf(doc);
  const map = blocks.get(args.id) as BlockMap | undefined;
  if (!map) return null;
  const block = readBlockFields(args.id, map);
  const id = args.newId ?? newBlockId(blocks);
  const copy = { ...block, id } as DesignBlock;
  if (copy.kind === 'columns') {
    const slots = readDesignLayout(doc).columns[args.id] ?? [];
    copy.columns = slots.map((column) =>
      column.map((childId) => ({
        ...readBlockFields(childId, blocks.get(childId) as BlockMap),
        id: newBlockId(blocks),
      })),
    ) as typeof copy.columns;
  }
  const { parent } = posOf(map);
  const index = siblingsOf(doc, parent).findIndex((item) => item.id === args.id) + 1;
  writeBlock(doc, copy, { parent, order: orderKeyAt(doc, parent, index) });
  return id;
}
