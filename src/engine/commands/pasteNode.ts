import type * as Y from 'yjs';
import type { FlowNode } from '../../../domain/workflowTypes.ts';
import { newNodeId, type RandomUuid } from '../newNodeId.ts';
import { createNodeMap } from '../workflowDoc.ts';
import { isWorkflowClipboard, type WorkflowClipboard } from './copyNode.ts';
import {
  type CommandResult,
  checkSlot,
  invalid,
  occupantOf,
  placeNode,
  ROOT_NODE_ID,
  readWorkflowTree,
  type SlotRef,
  tailOf,
  trackNewlyAdded,
} from './readWorkflowTree.ts';

/**
 * pasteNode: inserts a copy of the clipboard into a slot, every node with a fresh id (the first step of an
 * empty workflow gets "0"). As with addNode, the slot's occupant follows the pasted piece (after its last
 * step on the slot-0 line); refused if that last step is an end. Pasted nodes are newly added while the
 * workflow is inactive.
 */
export type PasteNodeArgs = { clipboard: WorkflowClipboard; at: SlotRef; randomUuid?: RandomUuid };

export function pasteNode(
  doc: Y.Doc,
  args: PasteNodeArgs,
): CommandResult<{ rootId: string; ids: Record<string, string> }> {
  if (!isWorkflowClipboard(args.clipboard)) return invalid('The clipboard holds no workflow steps.');
  const ctx = readWorkflowTree(doc);
  const problem = checkSlot(ctx, args.at);
  if (problem) return problem;
  const byId = new Map<string, FlowNode>(args.clipboard.nodes.map((node) => [node.nodeId, node]));
  // Keep only what is reachable from the clipboard's root (a tampered clipboard cannot add loose nodes).
  const order: string[] = [];
  const stack = [args.clipboard.rootId];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    const node = byId.get(id);
    if (!node || order.includes(id)) continue;
    order.push(id);
    for (const child of node.childNodes) if (child !== '') stack.push(child);
  }
  const occupant = occupantOf(ctx, args.at);
  const childOf = (id: string) => {
    const child = byId.get(id)?.childNodes[0] ?? '';
    return order.includes(child) ? child : '';
  };
  const tail = tailOf((id) => byId.get(id)?.type, childOf, args.clipboard.rootId);
  if (occupant !== '' && tail === null) return invalid('Steps cannot follow an end step.');

  const ids: Record<string, string> = {};
  const taken = new Set<string>(ctx.nodes.keys());
  for (const id of order) {
    const fresh =
      id === args.clipboard.rootId && args.at.parentId === null
        ? ROOT_NODE_ID
        : newNodeId(args.randomUuid, taken);
    taken.add(fresh);
    ids[id] = fresh;
  }
  for (const id of order) {
    const node = byId.get(id) as FlowNode;
    const fresh = ids[id] as string;
    const parentInside =
      node.parentId !== null && id !== args.clipboard.rootId ? (ids[node.parentId] ?? null) : null;
    ctx.nodes.set(
      fresh,
      createNodeMap({
        kind: node.kind,
        type: node.type,
        parentId: parentInside,
        direction: parentInside === null ? null : node.direction,
        detail: { ...structuredClone(node.detail), nodeId: fresh },
      }),
    );
  }
  // Children placement inside the copy follows the copy's childNodes.
  for (const id of order) {
    const node = byId.get(id) as FlowNode;
    node.childNodes.forEach((child, slot) => {
      const freshChild = child === '' ? undefined : ids[child];
      if (freshChild) placeNode(ctx, freshChild, ids[id] as string, slot as 0 | 1);
    });
  }
  const rootId = ids[args.clipboard.rootId] as string;
  if (args.at.parentId !== null) {
    placeNode(ctx, rootId, args.at.parentId, args.at.slot);
    if (occupant !== '' && tail !== null) placeNode(ctx, occupant, ids[tail] as string, 0);
  }
  trackNewlyAdded(ctx, Object.values(ids));
  return { ok: true, rootId, ids };
}
