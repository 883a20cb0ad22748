import type * as Y from 'yjs';
import {
  DESIGN_VERSION,
  type DesignBlock,
  type EmailDesign,
  type LeafBlock,
} from '../../../domain/emailDesign.ts';
import { SERVER_LOAD } from '../draft/draftOrigins.ts';
import { applyDesign } from './commands/applyDesign.ts';
import { type BlockMap, blocksOf, readBlockFields, readTheme } from './designDoc.ts';
import { type DesignLayout, readDesignLayout } from './readDesignLayout.ts';

/**
 * The saved format from the doc. `blockOf` reads one block's own fields (DesignDraft passes its memoised
 * reader so unchanged blocks are not read again).
 */
export function toDesign(
  doc: Y.Doc,
  options: { layout?: DesignLayout; blockOf?: (id: string) => DesignBlock } = {},
): EmailDesign {
  const layout = options.layout ?? readDesignLayout(doc);
  const blocks = blocksOf(doc);
  const blockOf = options.blockOf ?? ((id: string) => readBlockFields(id, blocks.get(id) as BlockMap));
  return {
    version: DESIGN_VERSION,
    theme: readTheme(doc),
    blocks: layout.root.map((id) => {
      const block = blockOf(id);
      if (block.kind !== 'columns') return block;
      const slots = layout.columns[id] ?? [];
      return { ...block, columns: slots.map((column) => column.map((child) => blockOf(child) as LeafBlock)) };
    }),
  };
}

/** Writes a design into the doc, replacing what it held (origin SERVER_LOAD unless given: not undoable). */
export function loadDesign(doc: Y.Doc, design: EmailDesign, origin: unknown = SERVER_LOAD): void {
  doc.transact(() => applyDesign(doc, { design }), origin);
}
