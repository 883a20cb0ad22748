import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { DraftStore } from '../../../src/engine/draft/DraftStore.ts';
import { REMOTE_TAB, SERVER_LOAD } from '../../../src/engine/draft/draftOrigins.ts';
import { createMemoryDraftPersistence } from '../../../src/engine/draft/draftPersistence.ts';
import { LIST_DRAFTS, setItem } from './listDraft.ts';

const server = (items: Record<string, string> = { a: 'one' }, version = 1) => ({ items, version });

function store(persistence = createMemoryDraftPersistence()) {
  return new DraftStore(LIST_DRAFTS, {
    persistence,
    channelFactory: null,
    peerSyncTimeoutMs: 0,
    captureTimeout: 0,
  });
}

describe('the draft kernel (a document of items)', () => {
  it('opens clean on the server version; dirty is exact: undoing back to the saved content is clean again', async () => {
    const { draft, draftDiffersFromServer } = await store().open(1, async () => server());
    expect(draftDiffersFromServer).toBe(false);
    expect(draft.items()).toEqual({ a: 'one' });
    expect(draft.getStatus()).toMatchObject({ dirty: false, saved: { version: 1 } });
    expect(draft.undo.getSnapshot().canUndo).toBe(false);
    draft.run(setItem, { key: 'a', value: 'two' });
    expect(draft.getStatus().dirty).toBe(true);
    draft.undo.undo();
    expect(draft.getStatus().dirty).toBe(false);
  });

  it('the open rule keeps an unsaved draft that differs (keep or discard), and replaces a clean one', async () => {
    const persistence = createMemoryDraftPersistence();
    const first = await store(persistence).open(1, async () => server());
    first.draft.run(setItem, { key: 'b', value: 'mine' });
    await first.draft.close();
    const kept = await store(persistence).open(1, async () => server({ a: 'theirs' }, 2));
    expect(kept.draftDiffersFromServer).toBe(true);
    expect(kept.draft.serverVersionPending?.version).toBe(2);
    kept.draft.keepDraft();
    expect(kept.draft.getStatus()).toMatchObject({
      dirty: true,
      draftDiffersFromServer: false,
      saved: { version: 2 },
    });
    await kept.draft.close();
    const discarded = await store(persistence).open(1, async () => server({ a: 'theirs' }, 2));
    discarded.draft.discardDraft();
    expect(discarded.draft.items()).toEqual({ a: 'theirs' });
    expect(discarded.draft.getStatus().dirty).toBe(false);
    // Nothing to undo: the server's version is not this tab's edit.
    expect(discarded.draft.undo.getSnapshot().canUndo).toBe(false);
  });

  it('undoes this tab’s edits only: another tab’s and the server’s are never taken back; an origin can be added', async () => {
    const { draft } = await store().open(1, async () => server());
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(draft.doc));
    other.getMap('items').set('c', 'remote');
    Y.applyUpdate(draft.doc, Y.encodeStateAsUpdate(other, Y.encodeStateVector(draft.doc)), REMOTE_TAB);
    draft.doc.transact(() => draft.doc.getMap('items').set('d', 'server'), SERVER_LOAD);
    expect(draft.undo.getSnapshot().canUndo).toBe(false);
    const binding = { name: 'an editor binding' };
    draft.undo.trackOrigin(binding);
    draft.doc.transact(() => draft.doc.getMap('items').set('e', 'typed'), binding);
    draft.undo.undo();
    expect(draft.items()).toEqual({ a: 'one', c: 'remote', d: 'server' });
  });

  it('a save records the marker of what was sent (edits made meanwhile stay unsaved), ignored once closed', async () => {
    const { draft } = await store().open(1, async () => server());
    const listened: string[] = [];
    draft.subscribe(() => listened.push('changed'));
    draft.run(setItem, { key: 'a', value: 'sent' });
    const prepared = draft.prepareSave();
    draft.run(setItem, { key: 'b', value: 'later' });
    prepared.commit(2);
    expect(draft.getStatus()).toMatchObject({ dirty: true, saved: { version: 2 } });
    draft.undo.undo();
    expect(draft.getStatus().dirty).toBe(false);
    expect(listened.length).toBeGreaterThanOrEqual(4);
    await draft.close();
    draft.prepareSave().commit(3);
    expect(draft.getStatus().saved?.version).toBe(2);
  });

  it('a failed server load closes the draft and throws', async () => {
    await expect(store().open(1, async () => Promise.reject(new Error('offline')))).rejects.toThrow(
      'offline',
    );
  });
});
