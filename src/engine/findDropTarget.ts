import type { CanvasModel } from './buildCanvasModel.ts';
import type { SlotRef } from './commands/readWorkflowTree.ts';

/**
 * Where a dragged step would go: a slot of a parent step (parentId null: right under the trigger, where
 * the step becomes the first one), and the point drawn as the drop marker.
 */
export type DropTarget = { at: SlotRef; point: { x: number; y: number } };

/** How far (canvas units) from a drop point a dragged step's centre may be to land there. */
export const DROP_RADIUS = 90;

function centreOf(node: CanvasModel['nodes'][number]) {
  return { x: node.position.x + node.width / 2, y: node.position.y + node.height / 2 };
}

/**
 * The slot nearest to a dragged step's centre within DROP_RADIUS: an edge's insert point (the middle
 * between its two nodes) or an empty slot's "+". Slots of the step itself (its own place and the edges
 * around it) are not targets: dropping there changes nothing. The slot right under the trigger is one
 * for a send email, add to list or delay (they can become the first step; an If / Else or an end cannot).
 * The move command still refuses what the graph rules forbid (moving into its own branches, after an end).
 */
export function findDropTarget(
  model: CanvasModel,
  nodeId: string,
  centre: { x: number; y: number },
): DropTarget | null {
  const byId = new Map(model.nodes.map((node) => [node.id, node]));
  const dragged = byId.get(nodeId)?.data;
  const canGoFirst =
    dragged?.kind === 'step' && dragged.node.kind === 'ACTION' && dragged.node.type !== 'end';
  let best: DropTarget | null = null;
  let bestDistance = DROP_RADIUS;
  const consider = (at: SlotRef, point: { x: number; y: number }) => {
    if (at.parentId === nodeId || (at.parentId === null && !canGoFirst)) return;
    const distance = Math.hypot(point.x - centre.x, point.y - centre.y);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = { at: { parentId: at.parentId, slot: at.slot }, point };
    }
  };
  for (const edge of model.edges) {
    if (edge.target === nodeId || edge.target.startsWith('add:')) continue;
    const source = byId.get(edge.source);
    const target = byId.get(edge.target);
    if (!source || !target) continue;
    // The insert point sits above the target, halfway down from the source's bottom edge.
    consider(edge.data.at, {
      x: centreOf(target).x,
      y: (source.position.y + source.height + target.position.y) / 2,
    });
  }
  for (const node of model.nodes) {
    if (node.data.kind === 'add') consider(node.data.at, centreOf(node));
  }
  return best;
}
