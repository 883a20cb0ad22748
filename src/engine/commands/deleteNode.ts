import type * as Y from 'yjs';
import { constraintRefusal } from '../../../domain/removalConstraints.ts';
import { detailOf, type NodeMap, readDetail, writeDetail } from '../workflowDoc.ts';
import {
  type CommandResult,
  childAt,
  invalid,
  isShown,
  newlyAddedOfCtx,
  placeNode,
  ROOT_NODE_ID,
  readWorkflowTree,
  refused,
  subtreeOf,
  tombstone,
} from './readWorkflowTree.ts';

/**
 * deleteNode. The rules:
 * - an action (send email, add to list, delay) is removed and the step after it moves up into its place;
 * - an end is removed (its slot becomes empty);
 * - an If / Else is removed WITH both its branches (everything below it);
 * - the root "0": if it is an action followed by a step C, C is promoted into the root: node "0" takes
 *   C's type and detail, C's children hang under "0", and C is tombstoned with mergedInto "0" (so the
 *   root id stays "0" and a step another tab adds after C lands after the new root). A root with nothing
 *   after it, or a root If / Else, empties the workflow.
 * Refused (nothing changes) when the constraint rule blocks it: a send-email step whose email a
 * remaining condition references. Removed nodes are tombstoned, not erased (see deriveWorkflowTree).
 */
export type DeleteNodeArgs = { nodeId: string };

export function deleteNode(doc: Y.Doc, args: DeleteNodeArgs): CommandResult<{ removed: string[] }> {
  const ctx = readWorkflowTree(doc);
  const { nodeId } = args;
  if (!isShown(ctx, nodeId)) return invalid(`There is no step "${nodeId}".`);
  const record = ctx.records.get(nodeId);
  if (!record) return invalid(`There is no step "${nodeId}".`);
  const next = record.kind === 'ACTION' ? childAt(ctx, nodeId, 0) : '';
  const removed = record.kind === 'CONDITION' ? subtreeOf(ctx, nodeId) : [nodeId];
  const refusal = constraintRefusal(ctx.flow(), { removed });
  if (refusal) return refused(refusal);

  if (nodeId === ROOT_NODE_ID && next !== '') {
    promoteIntoRoot(ctx, next);
    return { ok: true, removed: [nodeId] };
  }
  for (const id of removed) tombstone(ctx, id);
  if (next !== '' && nodeId !== ROOT_NODE_ID) {
    const place = ctx.tree.parent.get(nodeId);
    if (place && place.parentId !== null) placeNode(ctx, next, place.parentId, place.slot);
  }
  return { ok: true, removed };
}

function promoteIntoRoot(ctx: ReturnType<typeof readWorkflowTree>, childId: string): void {
  const root = ctx.nodes.get(ROOT_NODE_ID) as NodeMap;
  const child = ctx.nodes.get(childId) as NodeMap;
  const childRecord = ctx.records.get(childId);
  if (!childRecord) return;
  root.set('kind', childRecord.kind);
  root.set('type', childRecord.type);
  writeDetail(detailOf(root), { ...readDetail(childId, child), nodeId: ROOT_NODE_ID });
  const grandChildren = ctx.tree.children.get(childId) ?? [];
  const newly = newlyAddedOfCtx(ctx);
  const wasNew = newly.has(childId);
  tombstone(ctx, childId, ROOT_NODE_ID);
  // "0" now shows the promoted step's content: it is newly added exactly when that step was.
  if (wasNew) newly.set(ROOT_NODE_ID, true);
  else if (newly.has(ROOT_NODE_ID)) newly.delete(ROOT_NODE_ID);
  grandChildren.forEach((grandChild, slot) => {
    if (grandChild !== '') placeNode(ctx, grandChild, ROOT_NODE_ID, slot as 0 | 1);
  });
}
