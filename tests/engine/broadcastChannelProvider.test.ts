import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addNode } from '../../src/engine/commands/addNode.ts';
import { editNode } from '../../src/engine/commands/editNode.ts';
import { docToFlow } from '../../src/engine/docToFlow.ts';
import { BroadcastChannelProvider } from '../../src/engine/draft/BroadcastChannelProvider.ts';
import { createUndoStore } from '../../src/engine/draft/createUndoStore.ts';
import { REMOTE_TAB } from '../../src/engine/draft/draftOrigins.ts';
import { runCommand } from '../../src/engine/draft/runCommand.ts';
import { workflowUndoScope } from '../../src/engine/workflowDoc.ts';
import { flowToDoc } from '../../src/engine/writeFlowToDoc.ts';
import { sampleFlow } from './workflowFixtures.ts';

/** Resolves when `check` holds for the doc, re-checked after every update (no sleeping). */
function until(doc: Y.Doc, check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (check()) return resolve();
    const onUpdate = () => {
      if (!check()) return;
      doc.off('update', onUpdate);
      resolve();
    };
    doc.on('update', onUpdate);
  });
}

const providers: BroadcastChannelProvider[] = [];
function connect(doc: Y.Doc, channelName: string): BroadcastChannelProvider {
  const provider = new BroadcastChannelProvider(doc, { channelName });
  providers.push(provider);
  return provider;
}

afterEach(() => {
  for (const provider of providers.splice(0)) provider.destroy();
});

describe('BroadcastChannelProvider over a real BroadcastChannel', () => {
  it('a new tab gets the open tab state (state vector exchange), and the open tab gets what only the new one had', async () => {
    const name = `test-${Math.random()}`;
    const first = flowToDoc(sampleFlow(), 1);
    connect(first, name);
    const second = new Y.Doc({ guid: first.guid });
    // The second tab has an edit of its own (say from its IndexedDB copy) the first lacks.
    second.getMap('meta').set('name', 'Only in tab 2');
    const provider = connect(second, name);
    await until(second, () => Object.keys(docToFlow(second)).length === 6);
    await until(first, () => first.getMap('meta').get('name') === 'Only in tab 2');
    expect(docToFlow(second)).toEqual(docToFlow(first));
    expect(await provider.whenPeerSynced(1000)).toBe(true);
  });

  it('relays edits both ways live, and both concurrent edits are kept', async () => {
    const name = `test-${Math.random()}`;
    const a = flowToDoc(sampleFlow(), 1);
    const b = new Y.Doc({ guid: a.guid });
    connect(a, name);
    const providerB = connect(b, name);
    await providerB.whenPeerSynced(1000);
    const remoteOrigins: unknown[] = [];
    b.on('afterTransaction', (transaction: Y.Transaction) => remoteOrigins.push(transaction.origin));
    const x = runCommand(a, addNode, { at: { parentId: 'd1', slot: 0 }, type: 'delay' });
    const y = runCommand(b, editNode, { nodeId: 'a1', patch: { title: 'From B' } });
    if (!x.ok || !y.ok) throw new Error('command failed');
    await until(b, () => docToFlow(b)[x.nodeId] !== undefined);
    await until(a, () => docToFlow(a).a1?.detail.title === 'From B');
    expect(docToFlow(a)).toEqual(docToFlow(b));
    expect(remoteOrigins).toContain(REMOTE_TAB);
  });

  it('remote edits are not undone by the receiving tab', async () => {
    const name = `test-${Math.random()}`;
    const a = flowToDoc(sampleFlow(), 1);
    const b = new Y.Doc({ guid: a.guid });
    connect(a, name);
    await connect(b, name).whenPeerSynced(1000);
    const undoB = createUndoStore(workflowUndoScope(b));
    runCommand(a, editNode, { nodeId: 'd1', patch: { title: 'From A' } });
    await until(b, () => docToFlow(b).d1?.detail.title === 'From A');
    expect(undoB.getSnapshot().canUndo).toBe(false);
    expect(undoB.undo()).toBe(false);
    expect(docToFlow(b).d1?.detail.title).toBe('From A');
  });

  it('whenPeerSynced resolves false when no other tab answers', async () => {
    const doc = new Y.Doc();
    const provider = connect(doc, `lonely-${Math.random()}`);
    expect(await provider.whenPeerSynced(0)).toBe(false);
  });
});
