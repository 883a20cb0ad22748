import type * as Y from 'yjs';
import type { ControlName, NodeDetail, NodeKind } from '../../../domain/workflowTypes.ts';
import { newNodeId, type RandomUuid } from '../newNodeId.ts';
import { createNodeDetail, kindOf } from '../nodeDefaults.ts';
import {
  createNodeMap,
  detailOf,
  type NodeMap,
  newlyAddedOf,
  readDetail,
  writeDetail,
} from '../workflowDoc.ts';
import {
  type CommandResult,
  checkSlot,
  invalid,
  occupantOf,
  placeNode,
  ROOT_NODE_ID,
  readWorkflowTree,
  type SlotRef,
  trackNewlyAdded,
  type WorkflowTree,
} from './readWorkflowTree.ts';

/**
 * addNode: puts a new step into a slot. If the slot is taken, the new step is inserted before its
 * occupant, which then follows the new step (for a new If / Else: on its left, "yes", branch).
 * A new If / Else gets two EMPTY branch slots (shown as "add" placeholders), not two end nodes: the
 * user decides what each branch does, and no end node is created that they did not ask for.
 * An end can only go into an empty slot (it would cut off the steps after it). parentId null adds a
 * step at the top (the trigger -> root edge): in an empty workflow it becomes "0"; above an existing
 * root the root id must stay "0", so the current root's content moves to a fresh id (returned as
 * movedRootTo) and hangs below, and the new step is written into "0" (the returned nodeId is "0").
 * While the workflow is inactive the node is tracked as newly added.
 */
export type AddNodeArgs = {
  at: SlotRef;
  type: ControlName;
  detail?: Partial<NodeDetail>;
  controlId?: number;
  /** For tests: the random source of the new id. */
  randomUuid?: RandomUuid;
};

export function addNode(
  doc: Y.Doc,
  args: AddNodeArgs,
): CommandResult<{ nodeId: string; movedRootTo?: string }> {
  const ctx = readWorkflowTree(doc);
  const occupant = occupantOf(ctx, args.at);
  if (args.type === 'end' && occupant !== '')
    return invalid('An end step can only be added where nothing follows.');
  if (args.at.parentId === null && occupant !== '') {
    const movedRootTo = newNodeId(args.randomUuid, ctx.nodes);
    const detail = createNodeDetail(args.type, ROOT_NODE_ID, args.detail, args.controlId);
    insertAboveRoot(ctx, movedRootTo, { kind: kindOf(args.type), type: args.type, detail });
    trackNewlyAdded(ctx, [ROOT_NODE_ID]);
    return { ok: true, nodeId: ROOT_NODE_ID, movedRootTo };
  }
  const problem = checkSlot(ctx, args.at);
  if (problem) return problem;
  const nodeId = args.at.parentId === null ? ROOT_NODE_ID : newNodeId(args.randomUuid, ctx.nodes);
  const detail = createNodeDetail(args.type, nodeId, args.detail, args.controlId);
  ctx.nodes.set(
    nodeId,
    createNodeMap({ kind: kindOf(args.type), type: args.type, parentId: null, direction: null, detail }),
  );
  if (args.at.parentId !== null) {
    placeNode(ctx, nodeId, args.at.parentId, args.at.slot);
    if (occupant !== '') placeNode(ctx, occupant, nodeId, 0);
  }
  trackNewlyAdded(ctx, [nodeId]);
  return { ok: true, nodeId };
}

/** Moves the root's content to `freshId` (below "0", slot 0) and writes `content` into "0". */
export function insertAboveRoot(
  ctx: WorkflowTree,
  freshId: string,
  content: { kind: NodeKind; type: ControlName; detail: NodeDetail },
): void {
  const root = ctx.nodes.get(ROOT_NODE_ID) as NodeMap;
  const rootRecord = ctx.records.get(ROOT_NODE_ID);
  if (!rootRecord) return;
  const children = ctx.tree.children.get(ROOT_NODE_ID) ?? [];
  ctx.nodes.set(
    freshId,
    createNodeMap({
      kind: rootRecord.kind,
      type: rootRecord.type,
      parentId: null,
      direction: null,
      detail: { ...readDetail(ROOT_NODE_ID, root), nodeId: freshId },
    }),
  );
  root.set('kind', content.kind);
  root.set('type', content.type);
  writeDetail(detailOf(root), { ...content.detail, nodeId: ROOT_NODE_ID });
  placeNode(ctx, freshId, ROOT_NODE_ID, 0);
  children.forEach((child, slot) => {
    if (child !== '') placeNode(ctx, child, freshId, slot as 0 | 1);
  });
  const newly = newlyAddedOf(ctx.doc);
  if (newly.has(ROOT_NODE_ID)) {
    newly.delete(ROOT_NODE_ID);
    newly.set(freshId, true);
  }
}
