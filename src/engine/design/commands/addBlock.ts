import type * as Y from 'yjs';
import type { DesignBlock, DesignBlockKind } from '../../../../domain/emailDesign.ts';
import { blockDefaults, LEAF_KINDS } from '../blockDefaults.ts';
import { blocksOf, parseSlot, ROOT_PARENT, readTheme, writeBlock } from '../designDoc.ts';
import { newBlockId } from '../newBlockId.ts';
import { orderKeyAt } from './siblingsOf.ts';

export type AddBlockArgs = {
  kind: DesignBlockKind;
  /** "" (default) for the top level, or a column "<columnsId>#<index>" (leaf kinds only). */
  parent?: string;
  /** Position among the parent's blocks; default the end. */
  index?: number;
  /** Fields to start with instead of the defaults (id and kind are ignored). */
  fields?: Partial<DesignBlock>;
  id?: string;
};

/** Adds a block of any kind at a position, styled with the design's theme. Returns its id. */
export function addBlock(doc: Y.Doc, args: AddBlockArgs): string {
  const parent = args.parent ?? ROOT_PARENT;
  if (parent !== ROOT_PARENT) {
    const slot = parseSlot(parent);
    if (!slot || blocksOf(doc).get(slot.columnsId)?.get('kind') !== 'columns') {
      throw new Error('That column does not exist.');
    }
    if (!LEAF_KINDS.includes(args.kind))
      throw new Error('Only text, image, button, divider and spacer fit in a column.');
  }
  const id = args.id ?? newBlockId(blocksOf(doc));
  const block = {
    ...blockDefaults(args.kind, id, readTheme(doc)),
    ...(args.fields ?? {}),
    id,
    kind: args.kind,
  } as DesignBlock;
  if (block.kind === 'columns') {
    // Children get fresh ids of their own.
    block.columns = block.columns.map((column) =>
      column.map((child) => ({ ...child, id: newBlockId(blocksOf(doc)) })),
    );
  }
  writeBlock(doc, block, { parent, order: orderKeyAt(doc, parent, args.index ?? Number.MAX_SAFE_INTEGER) });
  return id;
}
