import type * as Y from 'yjs';
import type { FlowNode, WorkflowFlow } from '../../domain/workflowTypes.ts';
import { type DerivedTree, deriveWorkflowTree } from './deriveWorkflowTree.ts';
import { type NodeMap, type NodeRecord, nodesOf, readDetail, readNodeRecords } from './workflowDoc.ts';

/**
 * Y.Doc -> the spec's saved flow (WorkflowFlow: node id -> node, root "0", childNodes [next] or
 * [yes, no]). Pure with respect to the doc (reads only). Only the nodes of the derived tree are written
 * (tombstones and hidden nodes are left out), with parentId, direction and childNodes as derived, so the
 * result always passes validateFlowStructure.
 */
export function docToFlow(doc: Y.Doc): WorkflowFlow {
  const records = readNodeRecords(doc);
  return treeToFlow(doc, records, deriveWorkflowTree(records));
}

export function treeToFlow(
  doc: Y.Doc,
  records: Map<string, NodeRecord>,
  tree: DerivedTree,
  detailOf: (id: string) => FlowNode['detail'] = (id) => readDetail(id, nodesOf(doc).get(id) as NodeMap),
): WorkflowFlow {
  const flow: WorkflowFlow = {};
  for (const id of tree.order) {
    const record = records.get(id) as NodeRecord;
    const place = tree.parent.get(id) ?? { parentId: null, slot: 0 };
    const parentRecord = place.parentId === null ? undefined : records.get(place.parentId);
    let direction: FlowNode['direction'] = null;
    if (parentRecord?.kind === 'CONDITION') direction = place.slot === 0 ? 'left' : 'right';
    else if (parentRecord && record.parentId === place.parentId) direction = record.direction;
    flow[id] = {
      nodeId: id,
      kind: record.kind,
      type: record.type,
      parentId: place.parentId,
      direction,
      childNodes: [...(tree.children.get(id) ?? [])],
      detail: detailOf(id),
    };
  }
  return flow;
}
