import { detailOf, type NodeMap, readDetail, writeDetail } from '../workflowDoc.ts';
import {
  type CommandResult,
  childAt,
  invalid,
  newlyAddedOfCtx,
  placeNode,
  ROOT_NODE_ID,
  type WorkflowTree,
} from './readWorkflowTree.ts';

/**
 * Part of moveNode: a step dropped into the slot right under the trigger becomes the first step. The root
 * id must stay "0", so the two steps trade contents: "0" takes the moved step's kind, type and detail,
 * and the moved step's id takes the old first step's, hanging under "0" with the old first step's
 * children; the step that followed the moved one moves up into its old place. Only a send email, add to
 * list or delay can go first this way (an If / Else would split the steps below it between its branches;
 * nothing may follow an end).
 */
export function moveAboveRoot(ctx: WorkflowTree, nodeId: string): CommandResult<{ moved: string[] }> {
  const record = ctx.records.get(nodeId);
  const place = ctx.tree.parent.get(nodeId);
  const root = ctx.nodes.get(ROOT_NODE_ID) as NodeMap | undefined;
  const rootRecord = ctx.records.get(ROOT_NODE_ID);
  const map = ctx.nodes.get(nodeId);
  if (!record || !place || place.parentId === null || !root || !rootRecord || !map)
    return invalid(`There is no step "${nodeId}".`);
  if (record.kind !== 'ACTION' || record.type === 'end')
    return invalid('Only a send email, add to list or delay step can be moved to the top.');

  const next = childAt(ctx, nodeId, 0);
  const rootChildren = ctx.tree.children.get(ROOT_NODE_ID) ?? [];
  const moving = { kind: record.kind, type: record.type, detail: readDetail(nodeId, map) };
  const first = { kind: rootRecord.kind, type: rootRecord.type, detail: readDetail(ROOT_NODE_ID, root) };
  root.set('kind', moving.kind);
  root.set('type', moving.type);
  writeDetail(detailOf(root), { ...moving.detail, nodeId: ROOT_NODE_ID });
  map.set('kind', first.kind);
  map.set('type', first.type);
  writeDetail(detailOf(map), { ...first.detail, nodeId });

  // The old first step (now under nodeId) keeps its children, except the moved step itself.
  rootChildren.forEach((child, slot) => {
    if (child !== '' && child !== nodeId) placeNode(ctx, child, nodeId, slot as 0 | 1);
  });
  // The step after the moved one takes the moved step's old place (under nodeId when that was "0").
  if (next !== '') {
    const parentId = place.parentId === ROOT_NODE_ID ? nodeId : place.parentId;
    placeNode(ctx, next, parentId, place.slot);
  }
  placeNode(ctx, nodeId, ROOT_NODE_ID, 0);

  // "New" marks (while paused) follow the contents.
  const newly = newlyAddedOfCtx(ctx);
  const rootNew = newly.has(ROOT_NODE_ID);
  const movedNew = newly.has(nodeId);
  if (rootNew !== movedNew) {
    if (movedNew) {
      newly.set(ROOT_NODE_ID, true);
      newly.delete(nodeId);
    } else {
      newly.set(nodeId, true);
      newly.delete(ROOT_NODE_ID);
    }
  }
  return { ok: true, moved: [nodeId, ROOT_NODE_ID] };
}
