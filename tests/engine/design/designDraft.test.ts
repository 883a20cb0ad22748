import { describe, expect, it } from 'vitest';
import { ySyncPluginKey } from 'y-prosemirror';
import type * as Y from 'yjs';
import { addBlock } from '../../../src/engine/design/commands/addBlock.ts';
import { applyDesign } from '../../../src/engine/design/commands/applyDesign.ts';
import { moveBlockBy } from '../../../src/engine/design/commands/moveBlock.ts';
import { removeBlock } from '../../../src/engine/design/commands/removeBlock.ts';
import { setBlockProps } from '../../../src/engine/design/commands/setBlockProps.ts';
import { DESIGN_DRAFTS } from '../../../src/engine/design/DesignDraft.ts';
import { blocksOf, richOf } from '../../../src/engine/design/designDoc.ts';
import type { ChannelFactory, ChannelLike } from '../../../src/engine/draft/BroadcastChannelProvider.ts';
import { DraftStore } from '../../../src/engine/draft/DraftStore.ts';
import { REMOTE_TAB } from '../../../src/engine/draft/draftOrigins.ts';
import { createMemoryDraftPersistence } from '../../../src/engine/draft/draftPersistence.ts';
import { sampleDesign } from './designFixtures.ts';

const server = (versionName = 'Issue 1') => ({
  versionName,
  design: sampleDesign(),
  savedAt: '2026-01-01T00:00:00Z',
});

/** An in-process BroadcastChannel: every channel of one name hears the others (delivered synchronously). */
function channelHub(): ChannelFactory {
  const rooms = new Map<string, Set<ChannelLike>>();
  return (name) => {
    const room = rooms.get(name) ?? new Set<ChannelLike>();
    rooms.set(name, room);
    const channel: ChannelLike = {
      onmessage: null,
      postMessage(message) {
        for (const other of room) if (other !== channel) other.onmessage?.({ data: message });
      },
      close() {
        room.delete(channel);
      },
    };
    room.add(channel);
    return channel;
  };
}

function store(
  options: { persistence?: ReturnType<typeof createMemoryDraftPersistence>; channels?: ChannelFactory } = {},
) {
  return new DraftStore(DESIGN_DRAFTS, {
    persistence: options.persistence ?? null,
    channelFactory: options.channels ?? null,
    peerSyncTimeoutMs: 0,
    captureTimeout: 0,
  });
}

describe('DesignDraft', () => {
  it('opens with the server version: clean, nothing to undo', async () => {
    const { draft, draftDiffersFromServer } = await store().open(7, async () => server());
    expect(draftDiffersFromServer).toBe(false);
    expect(draft.getDesign()).toEqual(sampleDesign());
    expect(draft.getVersionName()).toBe('Issue 1');
    expect(draft.getStatus().dirty).toBe(false);
    expect(draft.undo.getSnapshot().canUndo).toBe(false);
    await draft.close();
  });

  it("a columns block's count is layout: a third column shows at once, and undo takes it back", async () => {
    const { draft } = await store().open(7, async () => server());
    const columnsId = draft.getLayout().root.find((id) => draft.getBlock(id)?.kind === 'columns') as string;
    expect(draft.getLayout().columns[columnsId]).toHaveLength(2);
    draft.run(setBlockProps, { id: columnsId, props: { columnCount: 3 } });
    expect(draft.getLayout().columns[columnsId]).toHaveLength(3);
    const saved = draft.getDesign().blocks.find((block) => block.id === columnsId);
    expect(saved?.kind === 'columns' && saved.columns.map((column) => column.length)).toEqual([1, 1, 0]);
    draft.undo.undo();
    expect(draft.getLayout().columns[columnsId]).toHaveLength(2);
    await draft.close();
  });

  it('undo and redo every command; undoing back to the saved state is clean again', async () => {
    const { draft } = await store().open(7, async () => server());
    const id = draft.run(addBlock, { kind: 'image', index: 0 });
    draft.run(moveBlockBy, { id, delta: 1 });
    draft.run(setBlockProps, { id, props: { alt: 'A cat' } });
    draft.run(applyDesign, { design: { ...sampleDesign(), blocks: [] } });
    expect(draft.getLayout().root).toEqual([]);
    expect(draft.getStatus().dirty).toBe(true);
    draft.undo.undo();
    expect(draft.getBlock(id)).toMatchObject({ alt: 'A cat' });
    draft.undo.undo();
    expect(draft.getBlock(id)).toMatchObject({ alt: '' });
    draft.undo.undo();
    expect(draft.getLayout().root[0]).toBe(id);
    draft.undo.undo();
    expect(draft.getBlock(id)).toBeNull();
    expect(draft.getStatus().dirty).toBe(false);
    draft.undo.redo();
    expect(draft.getLayout().root[0]).toBe(id);
    expect(draft.getStatus().dirty).toBe(true);
    await draft.close();
  });

  it('text typed through y-prosemirror (its origin) is undone by the same undo store', async () => {
    const { draft } = await store().open(7, async () => server());
    draft.undo.trackOrigin(ySyncPluginKey);
    const fragment = richOf(blocksOf(draft.doc).get('t1') as Y.Map<unknown>) as Y.XmlFragment;
    draft.doc.transact(() => {
      const paragraph = fragment.get(0) as Y.XmlElement;
      (paragraph.get(0) as Y.XmlText).insert(0, 'Oh! ');
    }, ySyncPluginKey);
    expect(draft.getBlock('t1')).toMatchObject({ html: expect.stringContaining('<p>Oh! Hello') });
    draft.undo.undo();
    expect(draft.getBlock('t1')).toMatchObject({
      html: sampleDesign().blocks[1] && (sampleDesign().blocks[1] as { html: string }).html,
    });
    await draft.close();
  });

  it("another tab's edits are never undone here", async () => {
    const channels = channelHub();
    const first = (await store({ channels }).open(8, async () => server())).draft;
    const second = (await store({ channels }).open(8, async () => server())).draft;
    second.run(removeBlock, { id: 'b1' });
    expect(first.getBlock('b1')).toBeNull();
    first.run(setBlockProps, { id: 't1', props: { align: 'center' } });
    first.undo.undo();
    expect(first.getBlock('t1')).toMatchObject({ align: 'left' });
    expect(first.getBlock('b1')).toBeNull();
    expect(first.undo.getSnapshot().canUndo).toBe(false);
    await first.close();
    await second.close();
  });

  it('two tabs converge: concurrent adds, moves and text from both', async () => {
    const channels = channelHub();
    const first = (await store({ channels }).open(9, async () => server())).draft;
    const second = (await store({ channels }).open(9, async () => server())).draft;
    first.run(addBlock, { kind: 'divider', index: 2 });
    second.run(moveBlockBy, { id: 'f1', delta: -1 });
    second.run(setBlockProps, { id: 'b1', props: { label: 'Both' } });
    expect(first.getDesign()).toEqual(second.getDesign());
    expect(first.getDesign().blocks).toHaveLength(7);
    await first.close();
    await second.close();
  });

  it('keeps an unsaved draft across a reopen (persistence) and offers the server version', async () => {
    const persistence = createMemoryDraftPersistence();
    const one = await store({ persistence }).open(10, async () => server());
    one.draft.run(removeBlock, { id: 'h1' });
    await one.draft.close();
    const two = await store({ persistence }).open(10, async () => server());
    expect(two.draftDiffersFromServer).toBe(true);
    expect(two.draft.getLayout().root).not.toContain('h1');
    expect(two.draft.getStatus()).toMatchObject({ dirty: true, draftDiffersFromServer: true });
    two.draft.discardDraft();
    expect(two.draft.getLayout().root).toContain('h1');
    expect(two.draft.getStatus().dirty).toBe(false);
    await two.draft.close();
  });

  it('a clean local draft is replaced by the server version (saved elsewhere)', async () => {
    const persistence = createMemoryDraftPersistence();
    const one = await store({ persistence }).open(11, async () => server());
    await one.draft.close();
    const renamed = await store({ persistence }).open(11, async () => server('Renamed'));
    expect(renamed.draftDiffersFromServer).toBe(false);
    expect(renamed.draft.getVersionName()).toBe('Renamed');
    await renamed.draft.close();
  });

  it('save commits exactly what was sent: edits during the request stay unsaved', async () => {
    const { draft } = await store().open(12, async () => server());
    draft.rename('Issue 2');
    const prepared = draft.prepareSave();
    expect(prepared.versionName).toBe('Issue 2');
    draft.run(setBlockProps, { id: 'b1', props: { label: 'Later' } });
    prepared.commit('2026-02-02T00:00:00Z');
    expect(draft.getStatus().dirty).toBe(true);
    draft.undo.undo();
    expect(draft.getStatus().dirty).toBe(false);
    await draft.close();
  });

  it('a keystroke in one block changes only that block object (narrow re-render)', async () => {
    const { draft } = await store().open(13, async () => server());
    const before = Object.fromEntries(draft.getLayout().root.map((id) => [id, draft.getBlock(id)]));
    const layout = draft.getLayout();
    draft.run(setBlockProps, { id: 'b1', props: { label: 'G' } }, { merge: true });
    for (const id of layout.root) {
      if (id === 'b1') expect(draft.getBlock(id)).not.toBe(before[id]);
      else expect(draft.getBlock(id)).toBe(before[id]);
    }
    expect(draft.getLayout()).toBe(layout);
    await draft.close();
  });

  it('remote updates arrive with the REMOTE_TAB origin', async () => {
    const channels = channelHub();
    const first = (await store({ channels }).open(14, async () => server())).draft;
    const second = (await store({ channels }).open(14, async () => server())).draft;
    const origins: unknown[] = [];
    first.doc.on('afterTransaction', (transaction: Y.Transaction) => origins.push(transaction.origin));
    second.run(removeBlock, { id: 'l1' });
    expect(origins).toContain(REMOTE_TAB);
    await first.close();
    await second.close();
  });
});
