import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { DESIGN_BLOCK_KINDS, emailDesignSchema } from '../../../domain/emailDesign.ts';
import { addBlock } from '../../../src/engine/design/commands/addBlock.ts';
import { applyDesign } from '../../../src/engine/design/commands/applyDesign.ts';
import { duplicateBlock } from '../../../src/engine/design/commands/duplicateBlock.ts';
import { moveBlock, moveBlockBy } from '../../../src/engine/design/commands/moveBlock.ts';
import { removeBlock } from '../../../src/engine/design/commands/removeBlock.ts';
import { setBlockProps } from '../../../src/engine/design/commands/setBlockProps.ts';
import { setTheme } from '../../../src/engine/design/commands/setTheme.ts';
import { setVersionName } from '../../../src/engine/design/commands/setVersionName.ts';
import { columnSlot, readVersionName } from '../../../src/engine/design/designDoc.ts';
import { findMissingLink } from '../../../src/engine/design/findMissingLink.ts';
import { keyBetween, keysBetween } from '../../../src/engine/design/orderKeys.ts';
import { readDesignLayout } from '../../../src/engine/design/readDesignLayout.ts';
import { loadDesign, toDesign } from '../../../src/engine/design/toDesign.ts';
import { runCommand } from '../../../src/engine/draft/runCommand.ts';
import { sampleDesign } from './designFixtures.ts';

function loaded(): Y.Doc {
  const doc = new Y.Doc();
  loadDesign(doc, sampleDesign());
  return doc;
}
const ids = (doc: Y.Doc) => toDesign(doc).blocks.map((block) => block.id);

describe('order keys', () => {
  it('always finds a key strictly between two keys, also after many inserts at one place', () => {
    let low: string | null = null;
    const high = 'V';
    for (let index = 0; index < 200; index += 1) {
      const key = keyBetween(low, high);
      if (low !== null) expect(key > low).toBe(true);
      expect(key < high).toBe(true);
      low = key;
    }
    const spread = keysBetween(null, null, 200);
    expect([...spread].sort()).toEqual(spread);
    expect(new Set(spread).size).toBe(200);
  });
});

describe('design document', () => {
  it('loadDesign then toDesign gives the same design back (rich text, columns, theme)', () => {
    const doc = loaded();
    expect(toDesign(doc)).toEqual(sampleDesign());
    expect(emailDesignSchema.safeParse(toDesign(doc)).success).toBe(true);
  });

  it('adds a block of every kind at a position, each a valid document', () => {
    const doc = loaded();
    for (const kind of DESIGN_BLOCK_KINDS) {
      const id = runCommand(doc, addBlock, { kind, index: 1 });
      expect(ids(doc)[1]).toBe(id);
      expect(toDesign(doc).blocks[1]?.kind).toBe(kind);
    }
    expect(emailDesignSchema.safeParse(toDesign(doc)).success).toBe(true);
    // Into a column: only leaf kinds.
    const child = runCommand(doc, addBlock, { kind: 'button', parent: columnSlot('c1', 1), index: 0 });
    const columns = toDesign(doc).blocks.find((block) => block.id === 'c1');
    expect(columns?.kind === 'columns' && columns.columns[1]?.map((block) => block.id)).toEqual([
      child,
      'c1s',
    ]);
    expect(() => runCommand(doc, addBlock, { kind: 'footer', parent: columnSlot('c1', 0) })).toThrow();
  });

  it('moves a block to an index (drag) and one place up or down (keyboard)', () => {
    const doc = loaded();
    runCommand(doc, moveBlock, { id: 'f1', index: 0 });
    expect(ids(doc)).toEqual(['f1', 'h1', 't1', 'b1', 'c1', 'l1']);
    runCommand(doc, moveBlockBy, { id: 'f1', delta: 1 });
    expect(ids(doc)).toEqual(['h1', 'f1', 't1', 'b1', 'c1', 'l1']);
    expect(runCommand(doc, moveBlockBy, { id: 'h1', delta: -1 })).toBe(false);
    runCommand(doc, moveBlockBy, { id: 'l1', delta: -1 });
    expect(ids(doc)).toEqual(['h1', 'f1', 't1', 'b1', 'l1', 'c1']);
    // Into a column and out again.
    runCommand(doc, moveBlock, { id: 'b1', parent: columnSlot('c1', 0), index: 1 });
    expect(readDesignLayout(doc).columns.c1).toEqual([['c1t', 'b1'], ['c1s']]);
    runCommand(doc, moveBlock, { id: 'b1', parent: '', index: 0 });
    expect(ids(doc)[0]).toBe('b1');
    // A columns block never goes into a column.
    expect(runCommand(doc, moveBlock, { id: 'c1', parent: columnSlot('c1', 0), index: 0 })).toBe(false);
  });

  it('duplicates a block right below itself, columns with their content under new ids', () => {
    const doc = loaded();
    const copy = runCommand(doc, duplicateBlock, { id: 't1' }) as string;
    expect(ids(doc).slice(1, 3)).toEqual(['t1', copy]);
    const design = toDesign(doc);
    expect({ ...design.blocks[2], id: 't1' }).toEqual(design.blocks[1]);
    const columnsCopy = runCommand(doc, duplicateBlock, { id: 'c1' }) as string;
    const layout = readDesignLayout(doc);
    expect(layout.columns[columnsCopy]?.flat()).toHaveLength(2);
    expect(layout.columns[columnsCopy]?.flat()).not.toContain('c1t');
  });

  it('removes a block, and a columns block with its content', () => {
    const doc = loaded();
    runCommand(doc, removeBlock, { id: 'b1' });
    runCommand(doc, removeBlock, { id: 'c1' });
    expect(ids(doc)).toEqual(['h1', 't1', 'l1', 'f1']);
    expect(doc.getMap('blocks').has('c1t')).toBe(false);
  });

  it('sets block properties (rich text too), the theme and the version name', () => {
    const doc = loaded();
    runCommand(doc, setBlockProps, {
      id: 'b1',
      props: { label: 'Buy', href: 'https://x.test', padding: [1, 2, 3, 4] },
    });
    runCommand(doc, setBlockProps, { id: 't1', props: { html: '<p>New <em>text</em></p>' } });
    runCommand(doc, setTheme, { accentColor: '#ff0000', fontFamily: 'Georgia, serif' });
    runCommand(doc, setVersionName, { name: 'Issue 7' });
    const design = toDesign(doc);
    expect(design.blocks[2]).toMatchObject({ label: 'Buy', href: 'https://x.test', padding: [1, 2, 3, 4] });
    expect(design.blocks[1]).toMatchObject({ html: '<p>New <em>text</em></p>' });
    expect(design.theme).toMatchObject({ accentColor: '#ff0000', fontFamily: 'Georgia, serif' });
    expect(readVersionName(doc)).toBe('Issue 7');
  });

  it('applies a template: the document is replaced', () => {
    const doc = loaded();
    runCommand(doc, addBlock, { kind: 'image' });
    const template = { ...sampleDesign(), blocks: sampleDesign().blocks.slice(0, 2) };
    runCommand(doc, applyDesign, { design: template });
    expect(toDesign(doc)).toEqual(template);
  });
});

describe('findMissingLink', () => {
  it('names the first button, social link or text link without a target, in columns too', () => {
    const design = sampleDesign();
    expect(findMissingLink(design)).toBeNull();
    const doc = loaded();
    runCommand(doc, setBlockProps, { id: 'b1', props: { href: ' ' } });
    expect(findMissingLink(toDesign(doc))).toBe('b1');
    runCommand(doc, setBlockProps, { id: 'b1', props: { href: 'https://ok.test' } });
    runCommand(doc, setBlockProps, { id: 'c1t', props: { html: '<p><a href="">x</a></p>' } });
    expect(findMissingLink(toDesign(doc))).toBe('c1t');
  });
});
