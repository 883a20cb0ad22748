import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { DESIGN_BLOCK_KINDS, emailDesignSchema } from '../../../domain/emailDesign.ts';
import { addBlock } from '../../../src/engine/design/commands/addBlock.ts';
import { duplicateBlock } from '../../../src/engine/design/commands/duplicateBlock.ts';
import { moveBlock, moveBlockBy } from '../../../src/engine/design/commands/moveBlock.ts';
import { removeBlock } from '../../../src/engine/design/commands/removeBlock.ts';
import { setBlockProps } from '../../../src/engine/design/commands/setBlockProps.ts';
import { blocksOf, columnSlot, designUndoScope } from '../../../src/engine/design/designDoc.ts';
import { readDesignLayout } from '../../../src/engine/design/readDesignLayout.ts';
import { loadDesign, toDesign } from '../../../src/engine/design/toDesign.ts';
import { createUndoStore, type UndoStore } from '../../../src/engine/draft/createUndoStore.ts';
import { runCommand } from '../../../src/engine/draft/runCommand.ts';
import { exchange, random, sampleDesign } from './designFixtures.ts';

function randomEdit(doc: Y.Doc, undo: UndoStore, next: () => number): void {
  const layout = readDesignLayout(doc);
  const ids = Object.keys(layout.parentOf);
  const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(next() * list.length)];
  const roll = next();
  if (roll < 0.08 && undo.getSnapshot().canUndo) undo.undo();
  else if (roll < 0.12 && undo.getSnapshot().canRedo) undo.redo();
  else if (roll < 0.4 || ids.length === 0) {
    runCommand(doc, addBlock, { kind: pick(DESIGN_BLOCK_KINDS) ?? 'text', index: Math.floor(next() * 8) });
  } else if (roll < 0.5) runCommand(doc, removeBlock, { id: pick(ids) as string });
  else if (roll < 0.6) runCommand(doc, duplicateBlock, { id: pick(ids) as string });
  else if (roll < 0.72)
    runCommand(doc, moveBlock, { id: pick(ids) as string, index: Math.floor(next() * 10) });
  else if (roll < 0.8)
    runCommand(doc, moveBlockBy, { id: pick(ids) as string, delta: next() < 0.5 ? -1 : 1 });
  else if (roll < 0.86) {
    const columns = Object.keys(layout.columns);
    const target = pick(columns);
    if (target)
      runCommand(doc, moveBlock, { id: pick(ids) as string, parent: columnSlot(target, 0), index: 0 });
  } else {
    const id = pick(ids) as string;
    const kind = blocksOf(doc).get(id)?.get('kind');
    if (kind === 'text')
      runCommand(doc, setBlockProps, { id, props: { html: `<p>t${Math.floor(next() * 1000)}</p>` } });
    else runCommand(doc, setBlockProps, { id, props: { align: pick(['left', 'center', 'right'] as const) } });
  }
  undo.stopCapturing();
}

describe('random concurrent design editing in three tabs (seeded)', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`seed ${seed}: every tab keeps a valid design, no block is duplicated, all converge`, () => {
      const next = random(seed);
      const docs = [0, 1, 2].map((index) => {
        const doc = new Y.Doc({ guid: 'design:fuzz' });
        doc.clientID = 10 + index;
        return doc;
      });
      const base = docs[0] as Y.Doc;
      loadDesign(base, sampleDesign());
      for (const doc of docs.slice(1)) Y.applyUpdate(doc, Y.encodeStateAsUpdate(base));
      const undos = docs.map((doc) => createUndoStore(designUndoScope(doc), { captureTimeout: 0 }));
      for (let step = 0; step < 150; step += 1) {
        const tab = Math.floor(next() * docs.length);
        randomEdit(docs[tab] as Y.Doc, undos[tab] as UndoStore, next);
        if (next() < 0.3) {
          const a = Math.floor(next() * docs.length);
          const b = (a + 1 + Math.floor(next() * (docs.length - 1))) % docs.length;
          exchange(docs[a] as Y.Doc, docs[b] as Y.Doc);
        }
      }
      for (let round = 0; round < 2; round += 1) {
        exchange(docs[0] as Y.Doc, docs[1] as Y.Doc);
        exchange(docs[1] as Y.Doc, docs[2] as Y.Doc);
      }
      const designs = docs.map((doc) => toDesign(doc));
      expect(designs[1]).toEqual(designs[0]);
      expect(designs[2]).toEqual(designs[0]);
      const seen = new Set<string>();
      for (const block of (designs[0] as ReturnType<typeof toDesign>).blocks) {
        const all = block.kind === 'columns' ? [block, ...block.columns.flat()] : [block];
        for (const item of all) {
          expect(seen.has(item.id), `duplicated ${item.id}`).toBe(false);
          seen.add(item.id);
        }
      }
      const parsed = emailDesignSchema.safeParse({ ...designs[0], blocks: designs[0]?.blocks.slice(0, 200) });
      expect(parsed.error?.issues ?? []).toEqual([]);
    });
  }
});
