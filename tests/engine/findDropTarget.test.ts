import { describe, expect, it } from 'vitest';
import { buildCanvasModel } from '../../src/engine/buildCanvasModel.ts';
import { moveNode } from '../../src/engine/commands/moveNode.ts';
import { docToFlow } from '../../src/engine/docToFlow.ts';
import { LOCAL_USER } from '../../src/engine/draft/draftOrigins.ts';
import { DROP_RADIUS, findDropTarget } from '../../src/engine/findDropTarget.ts';
import { flowToDoc } from '../../src/engine/writeFlowToDoc.ts';
import { sampleFlow } from './workflowFixtures.ts';

const context = {
  meta: {
    trigger_id: 14 as const,
    trigger_name: 'Subscribes to a list',
    email_id: null,
    email_name: null,
    list_id: 5,
    list_name: 'Engaged',
    sp_uuid: null,
    sp_name: null,
  },
};

const model = buildCanvasModel(sampleFlow(), context);
const centreOf = (id: string) => {
  const node = model.nodes.find((candidate) => candidate.id === id);
  if (!node) throw new Error(`no node ${id}`);
  return { x: node.position.x + node.width / 2, y: node.position.y + node.height / 2 };
};

describe('findDropTarget: where a dragged step lands', () => {
  it('finds the insert point of the edge nearest to the dragged centre (above the edge target)', () => {
    const e1 = centreOf('e1');
    // Just above e1: the edge a1 -> e1, i.e. slot 0 of a1.
    const target = findDropTarget(model, 'd1', { x: e1.x + 10, y: e1.y - 60 });
    expect(target?.at).toEqual({ parentId: 'a1', slot: 0 });
    expect(target?.point.x).toBeCloseTo(e1.x);
  });

  it('finds nothing when the step is dropped away from every slot', () => {
    const far = centreOf('e2');
    expect(
      findDropTarget(model, 'd1', { x: far.x + 5 * DROP_RADIUS, y: far.y + 5 * DROP_RADIUS }),
    ).toBeNull();
  });

  it('never offers the step its own slots (its place and the slot after it)', () => {
    const d1 = centreOf('d1');
    // Over its own place: the edge into d1 (c1's "no" slot) and the one out of it are not targets.
    expect(findDropTarget(model, 'd1', d1)).toBeNull();
    expect(findDropTarget(model, 'd1', { x: d1.x, y: d1.y + 60 })).toBeNull();
    // Another step over the same points does land there.
    expect(findDropTarget(model, 'a1', { x: d1.x, y: d1.y - 60 })?.at).toEqual({ parentId: 'c1', slot: 1 });
  });

  it('a drop target found on the canvas is a slot the move command accepts', () => {
    const e1 = centreOf('e1');
    const target = findDropTarget(model, 'd1', { x: e1.x, y: e1.y - 60 });
    if (!target) throw new Error('expected a target');
    const doc = flowToDoc(sampleFlow());
    let result: ReturnType<typeof moveNode> | undefined;
    doc.transact(() => {
      result = moveNode(doc, { nodeId: 'd1', to: target.at });
    }, LOCAL_USER);
    expect(result?.ok).toBe(true);
    const flow = docToFlow(doc);
    expect(flow.a1?.childNodes[0]).toBe('d1');
    expect(flow.d1?.childNodes[0]).toBe('e1');
    expect(flow.c1?.childNodes[1]).toBe('e2');
  });

  it('offers the slot right under the trigger to a send email, add to list or delay, not to an If / Else', () => {
    const root = centreOf('0');
    const trigger = centreOf('trigger');
    const point = { x: root.x, y: (trigger.y + root.y) / 2 };
    expect(findDropTarget(model, 'd1', point)?.at).toEqual({ parentId: null, slot: 0 });
    expect(findDropTarget(model, 'a1', point)?.at).toEqual({ parentId: null, slot: 0 });
    expect(findDropTarget(model, 'c1', point)?.at).not.toEqual({ parentId: null, slot: 0 });
    expect(findDropTarget(model, 'e2', point)?.at).not.toEqual({ parentId: null, slot: 0 });
  });
});
