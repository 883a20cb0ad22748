import type * as Y from 'yjs';
import { moveAboveRoot } from './moveAboveRoot.ts';
import {
  type CommandResult,
  checkSlot,
  childAt,
  invalid,
  isShown,
  placeNode,
  ROOT_NODE_ID,
  readWorkflowTree,
  type SlotRef,
  subtreeOf,
  tailOf,
} from './readWorkflowTree.ts';

/**
 * moveNode: detaches a step and attaches it into another slot (a drag committed on drop).
 * - scope "node" (default) moves one action: the step after it moves up into its old place. An If / Else
 *   always moves with its branches.
 * - scope "subtree" moves the step with everything below it; its old slot becomes empty.
 * At the target, the current occupant follows the moved piece (after the piece's last step on its
 * slot-0 line). Refused: moving the root "0" (its id must stay the root), moving into the moved piece
 * itself, or pushing an occupant after a piece that ends with an end step.
 * to.parentId null (the slot right under the trigger): the step becomes the first one (moveAboveRoot).
 */
export type MoveNodeArgs = { nodeId: string; to: SlotRef; scope?: 'node' | 'subtree' };

export function moveNode(doc: Y.Doc, args: MoveNodeArgs): CommandResult<{ moved: string[] }> {
  const ctx = readWorkflowTree(doc);
  const { nodeId, to } = args;
  if (nodeId === ROOT_NODE_ID)
    return invalid('The first step cannot be moved; move the steps after it instead.');
  if (!isShown(ctx, nodeId)) return invalid(`There is no step "${nodeId}".`);
  if (to.parentId === null) return moveAboveRoot(ctx, nodeId);
  const problem = checkSlot(ctx, to);
  if (problem) return problem;
  const record = ctx.records.get(nodeId);
  const place = ctx.tree.parent.get(nodeId);
  if (!record || !place || place.parentId === null) return invalid(`There is no step "${nodeId}".`);
  const wholeSubtree = args.scope === 'subtree' || record.kind === 'CONDITION';
  const piece = wholeSubtree ? subtreeOf(ctx, nodeId) : [nodeId];
  if (piece.includes(to.parentId)) return invalid('A step cannot be moved into itself.');
  const next = wholeSubtree ? '' : childAt(ctx, nodeId, 0);
  if (to.parentId === place.parentId && to.slot === place.slot) return { ok: true, moved: [] };
  const occupant = childAt(ctx, to.parentId, to.slot);
  const pieceSet = new Set(piece);
  const tail = tailOf(
    (id) => ctx.records.get(id)?.type,
    (id) => {
      const child = childAt(ctx, id, 0);
      return pieceSet.has(child) ? child : '';
    },
    nodeId,
  );
  if (occupant !== '' && tail === null) return invalid('Steps cannot follow an end step.');

  if (next !== '') placeNode(ctx, next, place.parentId, place.slot);
  placeNode(ctx, nodeId, to.parentId, to.slot);
  if (occupant !== '' && tail !== null) placeNode(ctx, occupant, tail, 0);
  return { ok: true, moved: piece };
}
