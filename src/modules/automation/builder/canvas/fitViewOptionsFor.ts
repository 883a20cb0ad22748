import type { FitViewOptions } from '@xyflow/react';
import type { CanvasModel } from '../../../../engine/buildCanvasModel.ts';

/** Up to this many nodes, the whole workflow is fitted into view and every node is drawn. */
export const FIT_ALL_MAX_NODES = 40;

/** How many of a large workflow's top nodes the first view shows, and its smallest zoom there. */
const TOP_NODES = 6;
const READABLE_ZOOM = 0.7;

/**
 * How the view is fitted (on open, and after a large change from elsewhere): the whole workflow when it
 * is small; for a large one, the trigger and the steps nearest the top at a readable zoom — the minimap
 * shows the rest, and only the nodes in view are drawn, which keeps a 500-step workflow smooth.
 */
export function fitViewOptionsFor(model: CanvasModel): FitViewOptions {
  if (model.nodes.length <= FIT_ALL_MAX_NODES) return { padding: 0.2, maxZoom: 1 };
  const top = [...model.nodes]
    .sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x)
    .slice(0, TOP_NODES)
    .map((node) => ({ id: node.id }));
  return { padding: 0.2, maxZoom: 1, minZoom: READABLE_ZOOM, nodes: top };
}
