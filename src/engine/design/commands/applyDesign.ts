import type * as Y from 'yjs';
import type { EmailDesign } from '../../../../domain/emailDesign.ts';
import { blocksOf, ROOT_PARENT, writeBlock } from '../designDoc.ts';
import { keysBetween } from '../orderKeys.ts';
import { setTheme } from './setTheme.ts';

/**
 * Replaces the whole document with a design (a template applied, or the server's version on load): every
 * block removed, the design's blocks and theme written. Run by the user (undoable: one step) or with the
 * SERVER_LOAD origin by the draft.
 */
export function applyDesign(doc: Y.Doc, args: { design: EmailDesign }): void {
  const blocks = blocksOf(doc);
  for (const id of [...blocks.keys()]) blocks.delete(id);
  setTheme(doc, args.design.theme);
  const keys = keysBetween(null, null, args.design.blocks.length);
  args.design.blocks.forEach((block, index) => {
    writeBlock(doc, block, { parent: ROOT_PARENT, order: keys[index] as string });
  });
}
