import { beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { validateFlowStructure } from '../../domain/workflowGraphRules.ts';
import type { WorkflowFlow } from '../../domain/workflowTypes.ts';
import { addNode } from '../../src/engine/commands/addNode.ts';
import { deleteNode } from '../../src/engine/commands/deleteNode.ts';
import { editNode } from '../../src/engine/commands/editNode.ts';
import { moveNode } from '../../src/engine/commands/moveNode.ts';
import { docToFlow } from '../../src/engine/docToFlow.ts';
import { createUndoStore } from '../../src/engine/draft/createUndoStore.ts';
import { SERVER_LOAD } from '../../src/engine/draft/draftOrigins.ts';
import { runCommand } from '../../src/engine/draft/runCommand.ts';
import { workflowUndoScope } from '../../src/engine/workflowDoc.ts';
import { writeFlowToDoc } from '../../src/engine/writeFlowToDoc.ts';
import { counterUuid, exchange, sampleFlow } from './workflowFixtures.ts';

/**
 * Two docs (two tabs) holding the same base flow. Client ids are fixed so that Yjs' last-writer-wins
 * ties are reproducible; each scenario runs with tab B's id below and above tab A's, covering both.
 */
let bClientId = 50;
function twoTabs(flow: WorkflowFlow = sampleFlow()) {
  const a = new Y.Doc({ guid: 'workflow:1' });
  a.clientID = 100;
  a.transact(() => writeFlowToDoc(a, flow), SERVER_LOAD);
  const b = new Y.Doc({ guid: a.guid });
  b.clientID = bClientId;
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
  expect(docToFlow(b)).toEqual(flow);
  return { a, b };
}

function converged(a: Y.Doc, b: Y.Doc): WorkflowFlow {
  exchange(a, b);
  const flowA = docToFlow(a);
  expect(docToFlow(b)).toEqual(flowA);
  expect(validateFlowStructure(flowA)).toEqual([]);
  return flowA;
}

/** The chain of ids following slot 0 from a node. */
function chain(flow: WorkflowFlow, from: string): string[] {
  const out: string[] = [];
  let current: string | undefined = from;
  while (current) {
    out.push(current);
    current = flow[current]?.childNodes[0] || undefined;
  }
  return out;
}

describe.each([50, 150])(
  'two documents edited concurrently converge with both edits (tab B client %i)',
  (id) => {
    beforeEach(() => {
      bClientId = id;
    });

    it('concurrent adds under one parent are both kept, one after the other', () => {
      const { a, b } = twoTabs();
      const x = runCommand(a, addNode, {
        at: { parentId: 'd1', slot: 0 },
        type: 'delay',
        randomUuid: counterUuid('a'),
      });
      const y = runCommand(b, addNode, {
        at: { parentId: 'd1', slot: 0 },
        type: 'send email',
        randomUuid: counterUuid('b'),
      });
      if (!x.ok || !y.ok) throw new Error('add failed');
      const flow = converged(a, b);
      const after = chain(flow, 'd1');
      expect(after[0]).toBe('d1');
      expect(new Set(after.slice(1, 3))).toEqual(new Set([x.nodeId, y.nodeId]));
      expect(after[3]).toBe('e2');
    });

    it('concurrent adds into an empty slot and into a condition branch', () => {
      const base = sampleFlow();
      delete base.e2;
      (base.d1 as { childNodes: string[] }).childNodes = [];
      const { a, b } = twoTabs(base);
      const x = runCommand(a, addNode, { at: { parentId: 'd1', slot: 0 }, type: 'end' });
      const y = runCommand(b, addNode, { at: { parentId: 'd1', slot: 0 }, type: 'delay' });
      const z = runCommand(b, addNode, { at: { parentId: 'c1', slot: 1 }, type: 'add to list' });
      if (!x.ok || !y.ok || !z.ok) throw new Error('add failed');
      const flow = converged(a, b);
      // The end goes last: c1 -no-> z -> d1 -> y -> x(end)
      expect(flow.c1?.childNodes[1]).toBe(z.nodeId);
      expect(chain(flow, z.nodeId)).toEqual([z.nodeId, 'd1', y.nodeId, x.nodeId]);
    });

    it('two ends added in one slot at once show as one', () => {
      const base = sampleFlow();
      delete base.e2;
      (base.d1 as { childNodes: string[] }).childNodes = [];
      const { a, b } = twoTabs(base);
      runCommand(a, addNode, { at: { parentId: 'd1', slot: 0 }, type: 'end' });
      runCommand(b, addNode, { at: { parentId: 'd1', slot: 0 }, type: 'end' });
      const flow = converged(a, b);
      expect(flow.d1?.childNodes).toHaveLength(1);
      expect(Object.values(flow).filter((n) => n.type === 'end')).toHaveLength(2);
    });

    it('edits of different fields of one node both survive', () => {
      const { a, b } = twoTabs();
      runCommand(a, editNode, { nodeId: 'd1', patch: { title: 'Wait a bit' } });
      runCommand(b, editNode, { nodeId: 'd1', patch: { duration: { value: 3, unit: 'hours' } } });
      const flow = converged(a, b);
      expect(flow.d1?.detail).toMatchObject({ title: 'Wait a bit', duration: { value: 3, unit: 'hours' } });
    });

    it('delete wins over a concurrent edit of the deleted step', () => {
      const { a, b } = twoTabs();
      runCommand(a, deleteNode, { nodeId: 'a1' });
      runCommand(b, editNode, { nodeId: 'a1', patch: { title: 'Renamed' } });
      runCommand(b, editNode, { nodeId: 'd1', patch: { title: 'Other edit kept' } });
      const flow = converged(a, b);
      expect(flow.a1).toBeUndefined();
      expect(flow.c1?.childNodes).toEqual(['e1', 'd1']);
      expect(flow.d1?.detail.title).toBe('Other edit kept');
    });

    it('a step added after a step deleted in another tab is kept in its place', () => {
      const { a, b } = twoTabs();
      runCommand(a, deleteNode, { nodeId: 'd1' });
      const y = runCommand(b, addNode, { at: { parentId: 'd1', slot: 0 }, type: 'send email' });
      if (!y.ok) throw new Error('add failed');
      const flow = converged(a, b);
      expect(flow.c1?.childNodes[1]).toBe(y.nodeId);
      expect(chain(flow, y.nodeId)).toEqual([y.nodeId, 'e2']);
    });

    it('deleting an If / Else wins over an add inside its branches', () => {
      const { a, b } = twoTabs();
      runCommand(a, deleteNode, { nodeId: 'c1' });
      runCommand(b, addNode, { at: { parentId: 'a1', slot: 0 }, type: 'delay' });
      const flow = converged(a, b);
      expect(Object.keys(flow)).toEqual(['0']);
    });

    it('root promotion in one tab and an add after the promoted step in the other', () => {
      const base = sampleFlow();
      (base.c1 as { detail: { conditions: unknown[] } }).detail.conditions = [];
      // Make the root an action followed by an action: 0 -> d0 -> c1
      base.d0 = {
        ...(base.d1 as WorkflowFlow[string]),
        nodeId: 'd0',
        parentId: '0',
        direction: null,
        childNodes: ['c1'],
      };
      base.d0.detail = { ...base.d0.detail, nodeId: 'd0', title: 'First delay' };
      (base['0'] as { childNodes: string[] }).childNodes = ['d0'];
      (base.c1 as { parentId: string }).parentId = 'd0';
      const { a, b } = twoTabs(base);
      expect(runCommand(a, deleteNode, { nodeId: '0' }).ok).toBe(true);
      const y = runCommand(b, addNode, { at: { parentId: 'd0', slot: 0 }, type: 'add to list' });
      if (!y.ok) throw new Error('add failed');
      const flow = converged(a, b);
      expect(flow['0']?.detail.title).toBe('First delay');
      expect(chain(flow, '0')).toEqual(['0', y.nodeId, 'c1', 'a1', 'e1']);
    });

    it('crossed moves that would form a cycle keep every step', () => {
      const base = sampleFlow();
      for (const id of ['e1', 'e2']) delete base[id];
      (base.a1 as { childNodes: string[] }).childNodes = [];
      (base.d1 as { childNodes: string[] }).childNodes = [];
      const { a, b } = twoTabs(base);
      expect(
        runCommand(a, moveNode, { nodeId: 'a1', scope: 'subtree', to: { parentId: 'd1', slot: 0 } }).ok,
      ).toBe(true);
      expect(
        runCommand(b, moveNode, { nodeId: 'd1', scope: 'subtree', to: { parentId: 'a1', slot: 0 } }).ok,
      ).toBe(true);
      const flow = converged(a, b);
      expect(Object.keys(flow).sort()).toEqual(['0', 'a1', 'c1', 'd1']);
    });

    it('undo in one tab undoes only its own edits', () => {
      const { a, b } = twoTabs();
      const undoA = createUndoStore(workflowUndoScope(a));
      runCommand(a, editNode, { nodeId: 'd1', patch: { title: 'A title' } });
      runCommand(b, editNode, { nodeId: 'a1', patch: { title: 'B title' } });
      exchange(a, b);
      undoA.undo();
      const flow = converged(a, b);
      expect(flow.d1?.detail.title).toBe('Delay');
      expect(flow.a1?.detail.title).toBe('B title');
    });
  },
);
