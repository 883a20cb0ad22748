import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addNode } from '../../src/engine/commands/addNode.ts';
import { deleteNode } from '../../src/engine/commands/deleteNode.ts';
import { editNode } from '../../src/engine/commands/editNode.ts';
import { renameWorkflow } from '../../src/engine/commands/renameWorkflow.ts';
import { DraftStore } from '../../src/engine/draft/DraftStore.ts';
import { createMemoryDraftPersistence } from '../../src/engine/draft/draftPersistence.ts';
import { type ServerWorkflow, WORKFLOW_DRAFTS, type WorkflowDraft } from '../../src/engine/WorkflowDraft.ts';
import { sampleFlow, serverWorkflow } from './workflowFixtures.ts';

const open: WorkflowDraft[] = [];
afterEach(async () => {
  for (const draft of open.splice(0)) await draft.close();
});

function storeWith(
  persistence = createMemoryDraftPersistence(),
  extra: { peerSyncTimeoutMs?: number; channel?: boolean } = {},
) {
  const store = new DraftStore(WORKFLOW_DRAFTS, {
    persistence,
    channelFactory: extra.channel ? undefined : null,
    peerSyncTimeoutMs: extra.peerSyncTimeoutMs ?? 0,
  });
  return {
    persistence,
    async open(server: ServerWorkflow) {
      const opened = await store.open(server.id, async () => structuredClone(server));
      open.push(opened.draft);
      return opened;
    },
  };
}

describe('DraftStore: open rule, dirty tracking, save', () => {
  it('opens a workflow never opened here with the server version, clean and without undo history', async () => {
    const { open: openDraft } = storeWith();
    const server = serverWorkflow(sampleFlow());
    const { draft, draftDiffersFromServer } = await openDraft(server);
    expect(draftDiffersFromServer).toBe(false);
    const snap = draft.getSnapshot();
    expect(snap.flow).toEqual(server.flow);
    expect(snap.meta).toMatchObject({ name: 'Onboarding', workflowId: 42, status: 'draft', email_id: 11 });
    expect(snap.dirty).toBe(false);
    expect(draft.undo.getSnapshot()).toEqual({ canUndo: false, canRedo: false });
    expect(draft.getSnapshot()).toBe(snap);
  });

  it('dirty is exact: an edit makes it dirty, undoing it makes it clean again', async () => {
    const { open: openDraft } = storeWith();
    const { draft } = await openDraft(serverWorkflow(sampleFlow()));
    const seen: boolean[] = [];
    draft.subscribe(() => seen.push(draft.getSnapshot().dirty));
    draft.run(editNode, { nodeId: 'd1', patch: { title: 'Changed' } });
    expect(draft.getSnapshot().dirty).toBe(true);
    draft.undo.undo();
    expect(draft.getSnapshot().dirty).toBe(false);
    expect(seen).toEqual([true, false]);
  });

  it('save: the update_workflow fields, then the saved marker of what was sent', async () => {
    const { open: openDraft } = storeWith();
    const { draft } = await openDraft(serverWorkflow(sampleFlow(), { version: 3 }));
    draft.run(renameWorkflow, { name: '  Spring  ' });
    const prepared = draft.prepareSave({ status: 'active' });
    expect(prepared.fields).toEqual({
      workflow_id: '42',
      workflow: JSON.stringify(draft.getSnapshot().flow),
      status: 'active',
      workflow_name: 'Spring',
      trigger_email_update: '11',
      version: '3',
    });
    expect(JSON.parse(prepared.fields.workflow)).toEqual(sampleFlow());
    // An edit made while the request is in flight stays unsaved.
    draft.run(editNode, { nodeId: 'd1', patch: { title: 'During save' } });
    prepared.commit({ version: 4, status: 'active' });
    const snap = draft.getSnapshot();
    expect(snap.dirty).toBe(true);
    expect(snap.saved?.version).toBe(4);
    expect(snap.meta.status).toBe('active');
    draft.undo.undo();
    expect(draft.getSnapshot().dirty).toBe(false);
  });

  it('save() calls the injected sender and reports the net email_mapping change', async () => {
    const { open: openDraft } = storeWith();
    const { draft } = await openDraft(serverWorkflow(sampleFlow()));
    // Add an email and remove it again: cancels. Add another: stays.
    const added = draft.run(addNode, {
      at: { parentId: 'd1', slot: 0 },
      type: 'send email',
      detail: { emailId: 77 },
    });
    if (!added.ok) throw new Error('add failed');
    draft.run(editNode, { nodeId: added.nodeId, patch: { emailId: 78 } });
    const sent: unknown[] = [];
    await draft.save({
      send: async (fields, emailMapping) => {
        sent.push(fields.workflow_id, emailMapping);
        return { version: 2, status: 'draft' };
      },
    });
    expect(sent).toEqual(['42', { add_emails: [78], remove_emails: [] }]);
    expect(draft.getSnapshot().dirty).toBe(false);
    draft.run(deleteNode, { nodeId: added.nodeId });
    expect(draft.prepareSave().emailMapping).toEqual({ add_emails: [], remove_emails: [78] });
  });

  it('a reopened tab gets its draft back; it differs from the server, and can be kept or discarded', async () => {
    const persistence = createMemoryDraftPersistence();
    const server = serverWorkflow(sampleFlow());
    const first = await storeWith(persistence).open(server);
    first.draft.run(editNode, { nodeId: 'd1', patch: { title: 'Unsaved' } });
    await first.draft.close();
    open.splice(open.indexOf(first.draft), 1);

    const again = await storeWith(persistence).open(server);
    expect(again.draftDiffersFromServer).toBe(true);
    expect(again.serverChangedSinceDraft).toBe(false);
    expect(again.draft.getSnapshot()).toMatchObject({ dirty: true, draftDiffersFromServer: true });
    expect(again.draft.getSnapshot().flow.d1?.detail.title).toBe('Unsaved');
    again.draft.keepDraft();
    expect(again.draft.getSnapshot()).toMatchObject({ dirty: true, draftDiffersFromServer: false });
    await again.draft.close();
    open.splice(open.indexOf(again.draft), 1);

    const third = await storeWith(persistence).open({ ...server, version: 5 });
    expect(third.draftDiffersFromServer).toBe(true);
    expect(third.serverChangedSinceDraft).toBe(true);
    third.draft.discardDraft();
    expect(third.draft.getSnapshot()).toMatchObject({ dirty: false, draftDiffersFromServer: false });
    expect(third.draft.getSnapshot().flow).toEqual(server.flow);
    expect(third.draft.undo.getSnapshot().canUndo).toBe(false);
  });

  it('a clean local copy is replaced by a newer server version; a dirty one equal to the server is not reported', async () => {
    const persistence = createMemoryDraftPersistence();
    const first = await storeWith(persistence).open(serverWorkflow(sampleFlow()));
    await first.draft.close();
    open.splice(open.indexOf(first.draft), 1);
    const newer = sampleFlow();
    (newer.d1 as { detail: { title: string } }).detail.title = 'Saved in another browser';
    const second = await storeWith(persistence).open(serverWorkflow(newer, { version: 2, name: 'Renamed' }));
    expect(second.draftDiffersFromServer).toBe(false);
    expect(second.draft.getSnapshot()).toMatchObject({ dirty: false, meta: { name: 'Renamed' } });
    expect(second.draft.getSnapshot().flow).toEqual(newer);
    // Local edit identical to what the server now has: no "differs".
    second.draft.run(editNode, { nodeId: 'd1', patch: { title: 'Same everywhere' } });
    await second.draft.close();
    open.splice(open.indexOf(second.draft), 1);
    const same = sampleFlow();
    (same.d1 as { detail: { title: string } }).detail.title = 'Same everywhere';
    const third = await storeWith(persistence).open(serverWorkflow(same, { version: 3, name: 'Renamed' }));
    expect(third.draftDiffersFromServer).toBe(false);
    expect(third.draft.getSnapshot()).toMatchObject({ dirty: false, saved: { version: 3 } });
  });

  it('two tabs: a new tab syncs from the open one, edits converge, a save in one makes both clean', async () => {
    const persistence = createMemoryDraftPersistence();
    const server = serverWorkflow(sampleFlow());
    const tabA = (await storeWith(persistence, { channel: true, peerSyncTimeoutMs: 0 }).open(server)).draft;
    tabA.run(editNode, { nodeId: 'd1', patch: { title: 'From A' } });
    const openedB = await storeWith(createMemoryDraftPersistence(), {
      channel: true,
      peerSyncTimeoutMs: 5000,
    }).open(server);
    const tabB = openedB.draft;
    // B's own storage is empty here, so A's unsaved edit reached it through the channel.
    expect(openedB.draftDiffersFromServer).toBe(true);
    expect(tabB.getSnapshot().flow.d1?.detail.title).toBe('From A');
    openedB.draft.keepDraft();
    const bDone = new Promise<void>((resolve) => {
      const stop = tabB.subscribe(() => {
        if (tabB.getSnapshot().flow.a1?.detail.title === 'From B' && !tabB.getSnapshot().dirty) {
          stop();
          resolve();
        }
      });
    });
    tabB.run(editNode, { nodeId: 'a1', patch: { title: 'From B' } });
    await new Promise<void>((resolve) => {
      const check = () => tabA.getSnapshot().flow.a1?.detail.title === 'From B';
      if (check()) return resolve();
      const stop = tabA.subscribe(() => {
        if (check()) {
          stop();
          resolve();
        }
      });
    });
    expect(tabA.getSnapshot().flow).toEqual(tabB.getSnapshot().flow);
    await tabA.save({ send: async () => ({ version: 2, status: 'draft' }) });
    expect(tabA.getSnapshot().dirty).toBe(false);
    await bDone;
    expect(tabB.getSnapshot().saved?.version).toBe(2);
  });

  it('a failed server load throws and leaves nothing open', async () => {
    const store = new DraftStore(WORKFLOW_DRAFTS, {
      persistence: createMemoryDraftPersistence(),
      channelFactory: null,
    });
    await expect(store.open(9, async () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
  });

  it('stores the draft doc under workflow:<id>', async () => {
    const persistence = createMemoryDraftPersistence();
    const { draft } = await storeWith(persistence).open(serverWorkflow(sampleFlow()));
    expect(draft.doc.guid).toBe('workflow:42');
    const replay = new Y.Doc();
    for (const update of persistence.stored('workflow:42')) Y.applyUpdate(replay, update);
    expect(replay.getMap('nodes').size).toBe(6);
  });
});

describe('WorkflowDraft undo steps', () => {
  it('typing merges into one step; a structural command right after typing is its own step', async () => {
    const { open: openDraft } = storeWith();
    const { draft } = await openDraft(serverWorkflow(sampleFlow()));
    for (const title of ['W', 'Wa', 'Wai'])
      draft.run(editNode, { nodeId: 'd1', patch: { title } }, { merge: true });
    const added = draft.run(addNode, { at: { parentId: 'a1', slot: 0 }, type: 'delay' });
    expect(added.ok).toBe(true);
    draft.undo.undo();
    expect(Object.keys(draft.getSnapshot().flow)).toHaveLength(6);
    expect(draft.getSnapshot().flow.d1?.detail.title).toBe('Wai');
    draft.undo.undo();
    expect(draft.getSnapshot().flow.d1?.detail.title).toBe('Delay');
    expect(draft.undo.getSnapshot().canUndo).toBe(false);
  });

  it('a drag commits one undoable move', async () => {
    const { open: openDraft } = storeWith();
    const { draft } = await openDraft(serverWorkflow(sampleFlow()));
    expect(draft.commitDrag({ nodeId: 'a1', to: { parentId: 'd1', slot: 0 } }).ok).toBe(true);
    expect(draft.getSnapshot().flow.d1?.childNodes).toEqual(['a1']);
    draft.undo.undo();
    expect(draft.getSnapshot().flow).toEqual(sampleFlow());
  });

  it('the canvas model follows the doc and is memoised between changes', async () => {
    const { open: openDraft } = storeWith();
    const { draft } = await openDraft(serverWorkflow(sampleFlow()));
    const first = draft.getCanvasModel();
    expect(draft.getCanvasModel()).toBe(first);
    draft.run(editNode, { nodeId: 'd1', patch: { title: 'New' } });
    const second = draft.getCanvasModel();
    expect(second).not.toBe(first);
    expect(second.nodes.find((n) => n.id === 'a1')).toBe(first.nodes.find((n) => n.id === 'a1'));
  });
});

describe('WorkflowDraft status and newly added nodes', () => {
  it('nodes added while inactive are marked; resuming clears them, not undoably', async () => {
    const { open: openDraft } = storeWith();
    const { draft } = await openDraft(
      serverWorkflow(sampleFlow(), { status: 'inactive', newlyAddedNodes: ['a1'] }),
    );
    expect(draft.getSnapshot().newlyAdded).toEqual(['a1']);
    const added = draft.run(addNode, { at: { parentId: 'a1', slot: 0 }, type: 'delay' });
    if (!added.ok) throw new Error('add failed');
    expect(draft.getSnapshot().newlyAdded).toEqual([added.nodeId, 'a1'].sort());
    const canvasNode = draft.getCanvasModel().nodes.find((n) => n.id === added.nodeId);
    expect(canvasNode?.data).toMatchObject({ kind: 'step', isNewlyAdded: true });
    draft.applyStatus('active', { clearNewlyAdded: true });
    expect(draft.getSnapshot()).toMatchObject({ newlyAdded: [], meta: { status: 'active' } });
    draft.undo.undo();
    // The undo removes the added node; the cleared marks and the status stay.
    expect(draft.getSnapshot().flow[added.nodeId]).toBeUndefined();
    expect(draft.getSnapshot()).toMatchObject({ newlyAdded: [], meta: { status: 'active' } });
  });
});
