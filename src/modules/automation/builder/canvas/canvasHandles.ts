import { type NodeHandle, Position } from '@xyflow/react';
import type { CanvasNode } from '../../../../engine/buildCanvasModel.ts';

/** The handles' drawn size (builder.css .builder-handle): React Flow centres them on the node's edge. */
const HANDLE = 6;

function handle(type: NodeHandle['type'], position: Position, x: number, y: number, id: string | null) {
  return { id, type, position, x: x - HANDLE / 2, y: y - HANDLE / 2, width: HANDLE, height: HANDLE };
}

/**
 * Where the canvas' node components draw their handles (a target on top; a source at the bottom, two for
 * an If / Else at 25% and 75%, none for an end step). Given to React Flow up front, so it can draw edges
 * and keep off-screen nodes undrawn without first drawing every node to measure it.
 */
export function canvasHandles(node: CanvasNode): NodeHandle[] {
  const { width, height } = node;
  const top = handle('target', Position.Top, width / 2, 0, null);
  const bottom = handle('source', Position.Bottom, width / 2, height, null);
  if (node.type === 'trigger') return [bottom];
  if (node.type === 'add' || node.type === 'end') return [top];
  if (node.type === 'condition')
    return [
      top,
      handle('source', Position.Bottom, width * 0.25, height, 'yes'),
      handle('source', Position.Bottom, width * 0.75, height, 'no'),
    ];
  return [top, bottom];
}
