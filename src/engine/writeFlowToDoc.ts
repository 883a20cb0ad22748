import * as Y from 'yjs';
import type { Direction, WorkflowFlow } from '../../domain/workflowTypes.ts';
import { SERVER_LOAD } from './draft/draftOrigins.ts';
import { setIfChanged } from './draft/setIfChanged.ts';
import {
  createNodeMap,
  createWorkflowDoc,
  detailOf,
  metaOf,
  nodesOf,
  type WorkflowMeta,
  writeDetail,
} from './workflowDoc.ts';

/**
 * The saved flow -> Y.Doc. Makes the doc's nodes equal to `flow` by the smallest change: unchanged
 * nodes and fields are not touched (an unchanged reload writes nothing, and a concurrent edit in another
 * tab to a field the server did not change survives), changed fields are set, missing nodes created and
 * nodes absent from the flow (and tombstones) deleted. Call it inside a transaction (the caller picks the
 * origin, normally SERVER_LOAD); flowToDoc does that for a new doc.
 * parentId and direction are taken from the holders' childNodes (a condition's slot 0 is "left", slot 1
 * "right"), so a flow whose pointers disagree with its child lists is read by its child lists.
 */
export function writeFlowToDoc(doc: Y.Doc, flow: WorkflowFlow, meta?: Partial<WorkflowMeta>): void {
  const nodes = nodesOf(doc);
  const placement = new Map<string, { parentId: string; direction: Direction | null }>();
  for (const node of Object.values(flow)) {
    node.childNodes.forEach((childId, slot) => {
      if (childId === '' || !flow[childId]) return;
      const direction =
        node.kind === 'CONDITION' ? (slot === 0 ? 'left' : 'right') : (flow[childId]?.direction ?? null);
      placement.set(childId, { parentId: node.nodeId, direction });
    });
  }
  for (const [id, node] of Object.entries(flow)) {
    const place = placement.get(id);
    const parentId = place ? place.parentId : node.parentId;
    const direction = place ? place.direction : node.direction;
    const detail = { ...node.detail, nodeId: id };
    const existing = nodes.get(id);
    if (!(existing instanceof Y.Map)) {
      nodes.set(id, createNodeMap({ kind: node.kind, type: node.type, parentId, direction, detail }));
      continue;
    }
    setIfChanged(existing, 'kind', node.kind);
    setIfChanged(existing, 'type', node.type);
    setIfChanged(existing, 'parentId', parentId);
    setIfChanged(existing, 'direction', direction);
    setIfChanged(existing, 'removed', undefined);
    setIfChanged(existing, 'mergedInto', undefined);
    writeDetail(detailOf(existing), detail);
  }
  for (const id of [...nodes.keys()]) if (!(id in flow)) nodes.delete(id);
  if (meta) {
    const metaMap = metaOf(doc);
    for (const [key, value] of Object.entries(meta)) setIfChanged(metaMap, key, value);
  }
}

/** A new doc holding `flow` (written with origin SERVER_LOAD). */
export function flowToDoc(flow: WorkflowFlow, workflowId: number | string = 'local'): Y.Doc {
  const doc = createWorkflowDoc(workflowId);
  doc.transact(() => writeFlowToDoc(doc, flow), SERVER_LOAD);
  return doc;
}
