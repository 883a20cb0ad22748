import { describe, expect, it } from 'vitest';
import { validateFlowStructure } from '../../domain/workflowGraphRules.ts';
import {
  buildCanvasModel,
  type CanvasNode,
  canvasToFlow,
  createCanvasModelBuilder,
  TRIGGER_NODE_ID,
} from '../../src/engine/buildCanvasModel.ts';
import { docToFlow } from '../../src/engine/docToFlow.ts';
import { SERVER_LOAD } from '../../src/engine/draft/draftOrigins.ts';
import { EMPTY_META, nodesOf } from '../../src/engine/workflowDoc.ts';
import { flowToDoc, writeFlowToDoc } from '../../src/engine/writeFlowToDoc.ts';
import { largeFlow, sampleFlow } from './workflowFixtures.ts';

const context = {
  meta: { ...EMPTY_META, trigger_id: 7 as const, trigger_name: 'Email open', email_name: 'Welcome' },
};

function byId(nodes: CanvasNode[], id: string): CanvasNode {
  const node = nodes.find((n) => n.id === id);
  if (!node) throw new Error(`no canvas node ${id}`);
  return node;
}

describe('flow JSON <-> Y.Doc <-> canvas model', () => {
  it('round-trips the sample flow through the doc', () => {
    const flow = sampleFlow();
    expect(validateFlowStructure(flow)).toEqual([]);
    const doc = flowToDoc(flow);
    expect(docToFlow(doc)).toEqual(flow);
  });

  it('round-trips a 500-node flow through the doc and the canvas model', () => {
    const flow = largeFlow(500);
    expect(validateFlowStructure(flow)).toEqual([]);
    const back = docToFlow(flowToDoc(flow));
    expect(back).toEqual(flow);
    const model = buildCanvasModel(back, context);
    expect(canvasToFlow(model)).toEqual(flow);
  });

  it('round-trips the sample through the canvas model', () => {
    const flow = sampleFlow();
    expect(canvasToFlow(buildCanvasModel(docToFlow(flowToDoc(flow)), context))).toEqual(flow);
  });

  it('keeps unknown detail fields and empty flows', () => {
    const flow = sampleFlow();
    (flow['0']?.detail as unknown as Record<string, unknown>).extra = { a: [1, 2] };
    expect(docToFlow(flowToDoc(flow))).toEqual(flow);
    expect(docToFlow(flowToDoc({}))).toEqual({});
  });

  it('writeFlowToDoc changes only what differs (an unchanged reload writes nothing)', () => {
    const doc = flowToDoc(sampleFlow());
    let updates = 0;
    doc.on('update', () => {
      updates += 1;
    });
    doc.transact(() => writeFlowToDoc(doc, sampleFlow()), SERVER_LOAD);
    expect(updates).toBe(0);
    const changed = sampleFlow();
    (changed.d1 as { detail: { title: string } }).detail.title = 'Wait a day';
    delete changed.e2;
    (changed.d1 as { childNodes: string[] }).childNodes = [];
    doc.transact(() => writeFlowToDoc(doc, changed), SERVER_LOAD);
    expect(docToFlow(doc)).toEqual(changed);
    expect(nodesOf(doc).has('e2')).toBe(false);
  });

  it('lays out top-down: trigger on top, yes branch left, no branch right, placeholders in free slots', () => {
    const model = buildCanvasModel(sampleFlow(), context);
    const trigger = byId(model.nodes, TRIGGER_NODE_ID);
    const root = byId(model.nodes, '0');
    const condition = byId(model.nodes, 'c1');
    const yes = byId(model.nodes, 'a1');
    const no = byId(model.nodes, 'd1');
    expect(trigger.position.y).toBeLessThan(root.position.y);
    expect(root.position.y).toBeLessThan(condition.position.y);
    expect(yes.position.x).toBeLessThan(no.position.x);
    expect(yes.position.y).toBe(no.position.y);
    expect(condition.type).toBe('condition');
    expect(trigger.data).toMatchObject({
      kind: 'trigger',
      missingEnd: false,
      trigger: { email_name: 'Welcome' },
    });
    // Ends have no placeholder; every edge from the condition leaves by its yes/no handle.
    expect(model.nodes.filter((n) => n.type === 'add')).toEqual([]);
    const fromCondition = model.edges.filter((e) => e.source === 'c1');
    expect(fromCondition.map((e) => [e.target, e.sourceHandle, e.label])).toEqual([
      ['a1', 'yes', 'Yes'],
      ['d1', 'no', 'No'],
    ]);
    expect(model.edges.find((e) => e.target === '0')?.data.at).toEqual({ parentId: null, slot: 0 });
    // No two boxes overlap.
    const boxes = model.nodes;
    for (const a of boxes) {
      for (const b of boxes) {
        if (a === b) continue;
        const overlap =
          a.position.x < b.position.x + b.width &&
          b.position.x < a.position.x + a.width &&
          a.position.y < b.position.y + b.height &&
          b.position.y < a.position.y + a.height;
        expect(overlap, `${a.id} overlaps ${b.id}`).toBe(false);
      }
    }
  });

  it('shows placeholders in empty slots and under the trigger of an empty workflow', () => {
    const empty = buildCanvasModel({}, context);
    expect(empty.nodes.map((n) => n.id)).toEqual([TRIGGER_NODE_ID, 'add:first']);
    expect(empty.nodes[1]?.data).toEqual({ kind: 'add', at: { parentId: null, slot: 0 } });
    const flow = sampleFlow();
    delete flow.e2;
    (flow.d1 as { childNodes: string[] }).childNodes = [];
    const model = buildCanvasModel(flow, context);
    const add = byId(model.nodes, 'add:d1:0');
    expect(add.data).toEqual({ kind: 'add', at: { parentId: 'd1', slot: 0 } });
    expect(add.position.y).toBeGreaterThan(byId(model.nodes, 'd1').position.y);
  });

  it('flags a workflow without an end on the trigger node', () => {
    const flow = sampleFlow();
    for (const id of ['e1', 'e2']) delete flow[id];
    (flow.a1 as { childNodes: string[] }).childNodes = [];
    (flow.d1 as { childNodes: string[] }).childNodes = [];
    const trigger = byId(buildCanvasModel(flow, context).nodes, TRIGGER_NODE_ID);
    expect(trigger.data).toMatchObject({ missingEnd: true });
  });

  it('memoises: the same objects come back for unchanged nodes, positions kept on a detail edit', () => {
    const build = createCanvasModelBuilder();
    const flow = sampleFlow();
    const first = build(flow, context);
    const edited = sampleFlow();
    (edited.d1 as { detail: { title: string } }).detail.title = 'Wait';
    const second = build(edited, context);
    expect(byId(second.nodes, 'a1')).toBe(byId(first.nodes, 'a1'));
    expect(byId(second.nodes, 'd1')).not.toBe(byId(first.nodes, 'd1'));
    expect(byId(second.nodes, 'd1').position).toEqual(byId(first.nodes, 'd1').position);
    expect(second.edges[0]).toBe(first.edges[0]);
  });

  it('marks newly added and error nodes in the node data', () => {
    const flow = sampleFlow();
    (flow.d1 as { detail: { error: boolean } }).detail.error = true;
    const model = buildCanvasModel(flow, { ...context, newlyAdded: ['a1'] });
    expect(byId(model.nodes, 'a1').data).toMatchObject({ isNewlyAdded: true, hasError: false });
    expect(byId(model.nodes, 'd1').data).toMatchObject({ isNewlyAdded: false, hasError: true });
  });
});

describe('createFlowReader (incremental docToFlow)', () => {
  it('always equals docToFlow and keeps unchanged nodes as the same objects', async () => {
    const { createFlowReader } = await import('../../src/engine/createFlowReader.ts');
    const { runCommand } = await import('../../src/engine/draft/runCommand.ts');
    const { editNode } = await import('../../src/engine/commands/editNode.ts');
    const { addNode } = await import('../../src/engine/commands/addNode.ts');
    const doc = flowToDoc(sampleFlow());
    const reader = createFlowReader(doc);
    const first = reader.read();
    expect(first).toEqual(docToFlow(doc));
    runCommand(doc, editNode, { nodeId: 'd1', patch: { title: 'Changed' } });
    const second = reader.read();
    expect(second).toEqual(docToFlow(doc));
    expect(second.d1?.detail.title).toBe('Changed');
    expect(second.a1).toBe(first.a1);
    expect(second.d1).not.toBe(first.d1);
    const added = runCommand(doc, addNode, { at: { parentId: 'a1', slot: 0 }, type: 'delay' });
    const third = reader.read();
    expect(third).toEqual(docToFlow(doc));
    expect(third.a1).not.toBe(second.a1);
    expect(added.ok && third[added.nodeId]).toBeTruthy();
    expect(third['0']).toBe(first['0']);
    reader.destroy();
  });
});
