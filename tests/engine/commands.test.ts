import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { validateFlowStructure } from '../../domain/workflowGraphRules.ts';
import type { WorkflowFlow } from '../../domain/workflowTypes.ts';
import { addNode } from '../../src/engine/commands/addNode.ts';
import { copyNode, isWorkflowClipboard } from '../../src/engine/commands/copyNode.ts';
import { deleteNode } from '../../src/engine/commands/deleteNode.ts';
import { editNode } from '../../src/engine/commands/editNode.ts';
import { editTrigger } from '../../src/engine/commands/editTrigger.ts';
import { markError } from '../../src/engine/commands/markError.ts';
import { moveNode } from '../../src/engine/commands/moveNode.ts';
import { pasteNode } from '../../src/engine/commands/pasteNode.ts';
import { renameWorkflow } from '../../src/engine/commands/renameWorkflow.ts';
import { stepsDeletedBy } from '../../src/engine/commands/stepsDeletedBy.ts';
import { docToFlow } from '../../src/engine/docToFlow.ts';
import { createUndoStore } from '../../src/engine/draft/createUndoStore.ts';
import { type Command, runCommand } from '../../src/engine/draft/runCommand.ts';
import { metaOf, readMeta, readNewlyAdded, workflowUndoScope } from '../../src/engine/workflowDoc.ts';
import { flowToDoc } from '../../src/engine/writeFlowToDoc.ts';
import { counterUuid, flowNode, sampleFlow } from './workflowFixtures.ts';

function setup(flow: WorkflowFlow = sampleFlow()) {
  const doc = flowToDoc(flow);
  const undo = createUndoStore(workflowUndoScope(doc));
  const run = <A, R>(command: Command<A, R>, args: A): R => {
    const result = runCommand(doc, command, args);
    undo.stopCapturing();
    return result;
  };
  return { doc, undo, run, flow: () => docToFlow(doc) };
}

/** Asserts the flow is valid, undo restores `before`, redo restores the edited flow. */
function expectUndoRedo(
  doc: Y.Doc,
  undo: ReturnType<typeof createUndoStore>,
  before: WorkflowFlow,
  earlierSteps = false,
): WorkflowFlow {
  const after = docToFlow(doc);
  expect(validateFlowStructure(after)).toEqual([]);
  expect(undo.getSnapshot()).toEqual({ canUndo: true, canRedo: false });
  expect(undo.undo()).toBe(true);
  expect(docToFlow(doc)).toEqual(before);
  expect(undo.getSnapshot()).toEqual({ canUndo: earlierSteps, canRedo: true });
  expect(undo.redo()).toBe(true);
  expect(docToFlow(doc)).toEqual(after);
  return after;
}

describe('addNode', () => {
  it('appends into an empty slot, with undo and redo', () => {
    const { doc, undo, run, flow } = setup();
    const before = flow();
    const result = run(addNode, { at: { parentId: 'e1', slot: 0 }, type: 'delay' });
    expect(result).toMatchObject({ ok: false, reason: 'invalid' });
    const removeEnd = run(deleteNode, { nodeId: 'e2' });
    expect(removeEnd.ok).toBe(true);
    const mid = flow();
    const added = run(addNode, {
      at: { parentId: 'd1', slot: 0 },
      type: 'send email',
      randomUuid: counterUuid('a'),
    });
    expect(added).toEqual({ ok: true, nodeId: 'na00000000001' });
    const after = flow();
    expect(after.d1?.childNodes).toEqual(['na00000000001']);
    expect(after.na00000000001).toMatchObject({ parentId: 'd1', type: 'send email', childNodes: [] });
    expectUndoRedo(doc, undo, mid, true);
    undo.undo();
    undo.undo();
    expect(flow()).toEqual(before);
  });

  it('inserts before an occupant; a new If / Else gets the occupant on its yes branch and an empty no slot', () => {
    const { doc, undo, run, flow } = setup();
    const before = flow();
    const added = run(addNode, {
      at: { parentId: '0', slot: 0 },
      type: 'If / Else',
      randomUuid: counterUuid('b'),
    });
    if (!added.ok) throw new Error(added.message);
    const after = expectUndoRedo(doc, undo, before);
    expect(after['0']?.childNodes).toEqual([added.nodeId]);
    expect(after[added.nodeId]?.childNodes).toEqual(['c1', '']);
    expect(after.c1).toMatchObject({ parentId: added.nodeId, direction: 'left' });
  });

  it('adds the first step of an empty workflow as "0", refuses an end before an occupant', () => {
    const { doc, undo, run, flow } = setup({});
    const added = run(addNode, { at: { parentId: null, slot: 0 }, type: 'send email' });
    expect(added).toEqual({ ok: true, nodeId: '0' });
    expectUndoRedo(doc, undo, {});
    const end = run(addNode, { at: { parentId: '0', slot: 0 }, type: 'end' });
    expect(end.ok).toBe(true);
    const blocked = run(addNode, { at: { parentId: '0', slot: 0 }, type: 'end' });
    expect(blocked).toMatchObject({ ok: false, reason: 'invalid' });
    expect(Object.keys(flow())).toHaveLength(2);
  });

  it('adds above the root: the new step becomes "0", the old root moves to a fresh id below it', () => {
    const { doc, undo, run, flow } = setup();
    const before = flow();
    const added = run(addNode, {
      at: { parentId: null, slot: 0 },
      type: 'If / Else',
      randomUuid: counterUuid('d'),
    });
    expect(added).toEqual({ ok: true, nodeId: '0', movedRootTo: 'nd00000000001' });
    const after = expectUndoRedo(doc, undo, before);
    expect(after['0']).toMatchObject({ type: 'If / Else', childNodes: ['nd00000000001', ''] });
    expect(after.nd00000000001).toMatchObject({
      type: 'send email',
      parentId: '0',
      direction: 'left',
      childNodes: ['c1'],
    });
    expect(after.nd00000000001?.detail).toMatchObject({ emailId: 11, nodeId: 'nd00000000001' });
    expect(after.c1?.parentId).toBe('nd00000000001');
    expect(run(addNode, { at: { parentId: null, slot: 0 }, type: 'end' }).ok).toBe(false);
  });

  it('tracks nodes added while the workflow is inactive as newly added (undone with the add)', () => {
    const { doc, undo, run } = setup();
    doc.transact(() => metaOf(doc).set('status', 'inactive'), 'server');
    const added = run(addNode, { at: { parentId: '0', slot: 0 }, type: 'delay' });
    if (!added.ok) throw new Error('add failed');
    expect(readNewlyAdded(doc)).toEqual([added.nodeId]);
    undo.undo();
    expect(readNewlyAdded(doc)).toEqual([]);
  });
});

describe('deleteNode', () => {
  it('removes an action; the next step moves up', () => {
    const { doc, undo, run, flow } = setup();
    const before = flow();
    expect(run(deleteNode, { nodeId: 'a1' })).toEqual({ ok: true, removed: ['a1'] });
    const after = expectUndoRedo(doc, undo, before);
    expect(after.c1?.childNodes).toEqual(['e1', 'd1']);
    expect(after.e1).toMatchObject({ parentId: 'c1', direction: 'left' });
    expect(after.a1).toBeUndefined();
  });

  it('removes an If / Else with both branches', () => {
    const flow0 = sampleFlow();
    // No condition references the root's email once c1 is gone, and c1 itself is removed.
    const { doc, undo, run, flow } = setup(flow0);
    const before = flow();
    const result = run(deleteNode, { nodeId: 'c1' });
    expect(result).toEqual({ ok: true, removed: ['c1', 'a1', 'e1', 'd1', 'e2'] });
    const after = expectUndoRedo(doc, undo, before);
    expect(Object.keys(after)).toEqual(['0']);
    expect(after['0']?.childNodes).toEqual([]);
  });

  it('is blocked by the constraint rule for a send email a condition references', () => {
    const { run, flow, undo } = setup();
    const before = flow();
    const result = run(deleteNode, { nodeId: '0' });
    expect(result).toMatchObject({
      ok: false,
      reason: 'constraint',
      refusal: {
        conditions: [{ nodeId: 'c1', nodeTitle: 'Opened?' }],
        emails: [{ emailId: 11, emailName: 'Welcome' }],
      },
    });
    expect(flow()).toEqual(before);
    expect(undo.getSnapshot().canUndo).toBe(false);
  });

  it('deleting the root promotes its next step into "0"', () => {
    const flow0 = sampleFlow();
    (flow0.c1 as { detail: { conditions: unknown[] } }).detail.conditions = [];
    const { doc, undo, run, flow } = setup(flow0);
    const before = flow();
    expect(run(deleteNode, { nodeId: '0' })).toEqual({ ok: true, removed: ['0'] });
    const after = expectUndoRedo(doc, undo, before);
    expect(after['0']).toMatchObject({
      type: 'If / Else',
      kind: 'CONDITION',
      childNodes: ['a1', 'd1'],
      parentId: null,
    });
    expect(after['0']?.detail).toMatchObject({ nodeId: '0', title: 'Opened?', controlName: 'If / Else' });
    expect(after.c1).toBeUndefined();
    expect(after.a1).toMatchObject({ parentId: '0', direction: 'left' });
    expect(after.d1).toMatchObject({ parentId: '0', direction: 'right' });
  });

  it('deleting the only step empties the workflow; a root If / Else takes everything with it', () => {
    const lone = setup({ '0': { ...(sampleFlow()['0'] as WorkflowFlow[string]), childNodes: [] } });
    expect(lone.run(deleteNode, { nodeId: '0' }).ok).toBe(true);
    expect(lone.flow()).toEqual({});
    expectUndoRedo(lone.doc, lone.undo, {
      '0': { ...(sampleFlow()['0'] as WorkflowFlow[string]), childNodes: [] },
    });
    const flow0 = sampleFlow();
    const rootCondition = {
      '0': {
        ...(flow0.c1 as WorkflowFlow[string]),
        nodeId: '0',
        parentId: null,
        detail: { ...(flow0.c1 as WorkflowFlow[string]).detail, nodeId: '0' },
      },
      a1: { ...(flow0.a1 as WorkflowFlow[string]), parentId: '0' },
      e1: flow0.e1 as WorkflowFlow[string],
      d1: { ...(flow0.d1 as WorkflowFlow[string]), parentId: '0' },
      e2: flow0.e2 as WorkflowFlow[string],
    };
    const tree = setup(rootCondition);
    expect(tree.run(deleteNode, { nodeId: '0' }).ok).toBe(true);
    expect(tree.flow()).toEqual({});
    expectUndoRedo(tree.doc, tree.undo, rootCondition);
  });
});

describe('copyNode and pasteNode', () => {
  it('copies a plain clipboard value and pastes it with fresh ids', () => {
    const { doc, undo, run, flow } = setup();
    const clip = copyNode(doc, { nodeId: 'd1' });
    expect(isWorkflowClipboard(clip)).toBe(true);
    expect(JSON.parse(JSON.stringify(clip))).toEqual(clip);
    expect(clip?.nodes).toHaveLength(1);
    if (!clip) throw new Error('no clip');
    const before = flow();
    const pasted = run(pasteNode, {
      clipboard: clip,
      at: { parentId: 'a1', slot: 0 },
      randomUuid: counterUuid('c'),
    });
    if (!pasted.ok) throw new Error(pasted.message);
    expect(pasted.rootId).not.toBe('d1');
    const after = expectUndoRedo(doc, undo, before);
    expect(after.a1?.childNodes).toEqual([pasted.rootId]);
    expect(after[pasted.rootId]).toMatchObject({ type: 'delay', childNodes: ['e1'] });
    expect(after[pasted.rootId]?.detail.nodeId).toBe(pasted.rootId);
  });

  it('pastes a subtree (an If / Else with its branches) twice without id clashes', () => {
    const { doc, run, flow } = setup();
    const clip = copyNode(doc, { nodeId: 'c1', scope: 'subtree' });
    if (!clip) throw new Error('no clip');
    expect(clip.nodes.map((n) => n.nodeId)).toEqual(['c1', 'a1', 'e1', 'd1', 'e2']);
    // The slot after e1's parent a1 is taken by an end: pasting there would cut it off... paste into a new delay.
    run(deleteNode, { nodeId: 'e2' });
    const first = run(pasteNode, { clipboard: clip, at: { parentId: 'd1', slot: 0 } });
    expect(first.ok).toBe(true);
    const blocked = run(pasteNode, { clipboard: clip, at: { parentId: 'c1', slot: 0 } });
    expect(blocked).toMatchObject({ ok: false, reason: 'invalid' });
    const after = flow();
    expect(Object.keys(after)).toHaveLength(10);
    expect(validateFlowStructure(after)).toEqual([]);
  });

  it('refuses something that is not a clipboard', () => {
    const { run } = setup();
    const bad = { format: 'nope' } as unknown as Parameters<typeof pasteNode>[1]['clipboard'];
    expect(run(pasteNode, { clipboard: bad, at: { parentId: 'a1', slot: 0 } })).toMatchObject({ ok: false });
  });
});

describe('moveNode', () => {
  it('moves one step: its next step moves up, it lands before the target occupant', () => {
    const { doc, undo, run, flow } = setup();
    const before = flow();
    expect(run(moveNode, { nodeId: 'a1', to: { parentId: 'd1', slot: 0 } })).toEqual({
      ok: true,
      moved: ['a1'],
    });
    const after = expectUndoRedo(doc, undo, before);
    expect(after.c1?.childNodes).toEqual(['e1', 'd1']);
    expect(after.d1?.childNodes).toEqual(['a1']);
    expect(after.a1?.childNodes).toEqual(['e2']);
  });

  it('moves a subtree into an empty slot and refuses cycles and the root', () => {
    const { doc, undo, run, flow } = setup();
    run(deleteNode, { nodeId: 'e2' });
    const before = flow();
    expect(run(moveNode, { nodeId: 'a1', scope: 'subtree', to: { parentId: 'd1', slot: 0 } }).ok).toBe(true);
    const after = expectUndoRedo(doc, undo, before, true);
    expect(after.c1?.childNodes).toEqual(['', 'd1']);
    expect(after.d1?.childNodes).toEqual(['a1']);
    expect(after.a1?.childNodes).toEqual(['e1']);
    expect(run(moveNode, { nodeId: 'c1', to: { parentId: 'd1', slot: 0 } })).toMatchObject({ ok: false });
    expect(run(moveNode, { nodeId: '0', to: { parentId: 'd1', slot: 0 } })).toMatchObject({ ok: false });
  });
});

describe('moveNode into the slot right under the trigger', () => {
  it('makes a step from deep in a branch the first step; the old first step follows it', () => {
    const { doc, undo, run, flow } = setup();
    const before = flow();
    expect(run(moveNode, { nodeId: 'd1', to: { parentId: null, slot: 0 } }).ok).toBe(true);
    const after = expectUndoRedo(doc, undo, before);
    // "0" holds the delay now; d1 holds the old first step ("Welcome mail") with its If / Else after it.
    expect(after['0']).toMatchObject({ type: 'delay', childNodes: ['d1'] });
    expect(after.d1).toMatchObject({ type: 'send email', parentId: '0', childNodes: ['c1'] });
    expect(after.d1?.detail).toMatchObject({ title: 'Welcome mail', emailId: 11, nodeId: 'd1' });
    expect(after.c1).toMatchObject({ parentId: 'd1', childNodes: ['a1', 'e2'] });
  });

  it('moves the step right after the first one above it', () => {
    const chain = {
      '0': flowNode('0', 'send email', null, ['x1'], { emailId: 11, title: 'Hello' }),
      x1: flowNode('x1', 'delay', '0', ['x2'], { title: 'Wait' }),
      x2: flowNode('x2', 'end', 'x1', []),
    };
    const { doc, undo, run, flow } = setup(chain);
    const before = flow();
    expect(run(moveNode, { nodeId: 'x1', to: { parentId: null, slot: 0 } }).ok).toBe(true);
    const after = expectUndoRedo(doc, undo, before);
    expect(after['0']).toMatchObject({ type: 'delay', childNodes: ['x1'] });
    expect(after.x1).toMatchObject({ type: 'send email', childNodes: ['x2'] });
    expect(after.x1?.detail.title).toBe('Hello');
    expect(after.x2?.parentId).toBe('x1');
  });

  it('refuses an If / Else and an end (they cannot go first above other steps)', () => {
    const { run, flow } = setup();
    const before = flow();
    expect(run(moveNode, { nodeId: 'c1', to: { parentId: null, slot: 0 } })).toMatchObject({ ok: false });
    expect(run(moveNode, { nodeId: 'e2', to: { parentId: null, slot: 0 } })).toMatchObject({ ok: false });
    expect(flow()).toEqual(before);
  });
});

describe('stepsDeletedBy', () => {
  it('names every step a delete takes, changing nothing: an If / Else with its branches', () => {
    const { doc, flow } = setup();
    const before = flow();
    expect(stepsDeletedBy(doc, 'c1').sort()).toEqual(['a1', 'c1', 'd1', 'e1', 'e2']);
    expect(stepsDeletedBy(doc, 'd1')).toEqual(['d1']);
    expect(stepsDeletedBy(doc, 'nope')).toEqual([]);
    expect(flow()).toEqual(before);
  });
});

describe('editNode, markError, renameWorkflow, editTrigger', () => {
  it('patches detail fields; typing merges into one undo step', () => {
    const { doc, undo, flow } = setup();
    const before = flow();
    for (const title of ['W', 'Wa', 'Wai', 'Wait'])
      runCommand(doc, editNode, { nodeId: 'd1', patch: { title } });
    expect(flow().d1?.detail.title).toBe('Wait');
    undo.undo();
    expect(flow()).toEqual(before);
    undo.redo();
    expect(flow().d1?.detail.title).toBe('Wait');
  });

  it('refuses fixed fields and an email change a condition depends on', () => {
    const { run, flow } = setup();
    expect(run(editNode, { nodeId: 'd1', patch: { controlName: 'end' } })).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    expect(run(editNode, { nodeId: '0', patch: { emailId: 12 } })).toMatchObject({
      ok: false,
      reason: 'constraint',
    });
    expect(flow()['0']?.detail.emailId).toBe(11);
    const ok = run(editNode, { nodeId: '0', patch: { emailName: 'Hello', designReady: false } });
    expect(ok).toEqual({ ok: true, changed: ['emailName', 'designReady'] });
  });

  it('marks and clears an error, with undo and redo', () => {
    const { doc, undo, run, flow } = setup();
    const before = flow();
    expect(run(markError, { nodeId: 'a1', error: true })).toEqual({ ok: true });
    expect(flow().a1?.detail.error).toBe(true);
    expectUndoRedo(doc, undo, before);
  });

  it('renames the workflow and edits the trigger, undoably', () => {
    const { doc, undo, run } = setup();
    expect(run(renameWorkflow, { name: '  ' }).ok).toBe(false);
    expect(run(renameWorkflow, { name: 'Spring' })).toEqual({ ok: true });
    expect(run(editTrigger, { email_id: 9, email_name: 'Nine' })).toEqual({ ok: true });
    expect(readMeta(doc)).toMatchObject({ name: 'Spring', email_id: 9 });
    undo.undo();
    expect(readMeta(doc).email_id).toBeNull();
    undo.undo();
    expect(readMeta(doc).name).toBe('');
    undo.redo();
    expect(readMeta(doc).name).toBe('Spring');
  });
});
