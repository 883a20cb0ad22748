import type * as Y from 'yjs';
import type { FlowNode, NodeDetail, WorkflowFlow } from '../../domain/workflowTypes.ts';
import { deriveWorkflowTree } from './deriveWorkflowTree.ts';
import { treeToFlow } from './docToFlow.ts';
import { type NodeMap, nodesOf, readDetail, readNodeRecords } from './workflowDoc.ts';

/**
 * An incremental docToFlow for an open draft: node details are read from the doc only when that node
 * changed (observeDeep), and a FlowNode that did not change is returned as the SAME object as in the
 * previous read, so the canvas and React can compare by identity. The structure is derived again on
 * each read (cheap: parent pointers only). read() equals docToFlow(doc) at all times.
 */
export type FlowReader = { read(): WorkflowFlow; destroy(): void };

function sameNode(a: FlowNode, b: FlowNode): boolean {
  return (
    a.detail === b.detail &&
    a.kind === b.kind &&
    a.type === b.type &&
    a.parentId === b.parentId &&
    a.direction === b.direction &&
    a.childNodes.length === b.childNodes.length &&
    a.childNodes.every((child, index) => child === b.childNodes[index])
  );
}

export function createFlowReader(doc: Y.Doc): FlowReader {
  const nodes = nodesOf(doc);
  const details = new Map<string, NodeDetail>();
  let previous = new Map<string, FlowNode>();
  const observer = (events: Y.YEvent<Y.AbstractType<unknown>>[]) => {
    for (const event of events) {
      if (event.target === nodes) {
        for (const key of (event as Y.YMapEvent<unknown>).keysChanged) details.delete(key);
      } else {
        const id = event.path[0];
        if (typeof id === 'string') details.delete(id);
      }
    }
  };
  nodes.observeDeep(observer);
  const detailOf = (id: string): NodeDetail => {
    let detail = details.get(id);
    if (!detail) {
      detail = readDetail(id, nodes.get(id) as NodeMap);
      details.set(id, detail);
    }
    return detail;
  };
  return {
    read: () => {
      const records = readNodeRecords(doc);
      const flow = treeToFlow(doc, records, deriveWorkflowTree(records), detailOf);
      const next = new Map<string, FlowNode>();
      for (const [id, node] of Object.entries(flow)) {
        const before = previous.get(id);
        if (before && sameNode(before, node)) flow[id] = before;
        next.set(id, flow[id] as FlowNode);
      }
      previous = next;
      return flow;
    },
    destroy: () => nodes.unobserveDeep(observer),
  };
}
