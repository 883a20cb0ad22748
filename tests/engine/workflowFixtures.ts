import * as Y from 'yjs';
import type { ControlName, FlowNode, NodeDetail, WorkflowFlow } from '../../domain/workflowTypes.ts';
import { createNodeDetail, kindOf } from '../../src/engine/nodeDefaults.ts';
import type { ServerWorkflow } from '../../src/engine/WorkflowDraft.ts';

/** Test helpers: small flows built by hand, and a deterministic id source. */

export function flowNode(
  nodeId: string,
  type: ControlName,
  parentId: string | null,
  childNodes: string[],
  detail: Partial<NodeDetail> = {},
  direction: FlowNode['direction'] = null,
): FlowNode {
  return {
    nodeId,
    kind: kindOf(type),
    type,
    parentId,
    direction,
    childNodes,
    detail: createNodeDetail(type, nodeId, detail),
  };
}

/**
 * 0 send email (email 11) -> c1 If / Else (has opened 11)
 *   yes: a1 add to list (list 5) -> e1 end
 *   no:  d1 delay -> e2 end
 */
export function sampleFlow(): WorkflowFlow {
  return {
    '0': flowNode('0', 'send email', null, ['c1'], {
      emailId: 11,
      emailName: 'Welcome',
      designReady: true,
      title: 'Welcome mail',
    }),
    c1: flowNode('c1', 'If / Else', '0', ['a1', 'd1'], {
      title: 'Opened?',
      conditions: [
        {
          conditionType: 'has opened',
          controlId: 1,
          controlName: 'has opened',
          emailId: 11,
          emailName: 'Welcome',
        },
      ],
    }),
    a1: flowNode('a1', 'add to list', 'c1', ['e1'], { list: { id: 5, name: 'Engaged' } }, 'left'),
    e1: flowNode('e1', 'end', 'a1', []),
    d1: flowNode('d1', 'delay', 'c1', ['e2'], {}, 'right'),
    e2: flowNode('e2', 'end', 'd1', []),
  };
}

/** A long workflow: a chain of `count` steps with an If / Else every 10th, for sizing tests. */
export function largeFlow(count: number): WorkflowFlow {
  const flow: WorkflowFlow = {};
  let previous: { id: string; slot: number } | null = null;
  const pendingEnds: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = index === 0 ? '0' : `n${index}`;
    const type: ControlName = index % 10 === 5 ? 'If / Else' : index % 3 === 0 ? 'send email' : 'delay';
    const node = flowNode(id, type, previous?.id ?? null, type === 'If / Else' ? ['', ''] : [], {
      emailId: type === 'send email' ? 100 + index : undefined,
    });
    if (previous) {
      const parent = flow[previous.id] as FlowNode;
      if (parent.kind === 'CONDITION') {
        parent.childNodes[previous.slot] = id;
        node.direction = previous.slot === 0 ? 'left' : 'right';
      } else parent.childNodes = [id];
    }
    flow[id] = node;
    if (type === 'If / Else') {
      const endId = `end${index}`;
      flow[endId] = flowNode(endId, 'end', id, [], {}, 'right');
      node.childNodes[1] = endId;
      pendingEnds.push(endId);
      previous = { id, slot: 0 };
    } else previous = { id, slot: 0 };
  }
  return flow;
}

export function serverWorkflow(flow: WorkflowFlow, overrides: Partial<ServerWorkflow> = {}): ServerWorkflow {
  return {
    id: 42,
    name: 'Onboarding',
    status: 'draft',
    flow,
    trigger_id: 7,
    trigger_name: 'Email open',
    email_id: 11,
    email_name: 'Welcome',
    list_id: null,
    list_name: null,
    sp_uuid: null,
    sp_name: null,
    newlyAddedNodes: [],
    version: 1,
    ...overrides,
  };
}

/** Deterministic ids: uuid-shaped strings from a counter and a prefix. */
export function counterUuid(prefix: string): () => string {
  let count = 0;
  return () => {
    count += 1;
    return `${prefix}${count.toString(16).padStart(11, '0')}-0000-4000-8000-000000000000`;
  };
}

/** Exchanges the missing updates between two docs (both ways). */
export function exchange(a: Y.Doc, b: Y.Doc): void {
  const toB = Y.encodeStateAsUpdate(a, Y.encodeStateVector(b));
  const toA = Y.encodeStateAsUpdate(b, Y.encodeStateVector(a));
  Y.applyUpdate(b, toB, 'test-remote');
  Y.applyUpdate(a, toA, 'test-remote');
}
