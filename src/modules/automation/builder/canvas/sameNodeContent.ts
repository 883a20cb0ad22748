import type { NodeProps } from '@xyflow/react';

/**
 * memo's comparison for the canvas' node components: a node's card depends on its data and selection,
 * not on where it is drawn (React Flow moves the wrapper), so a layout shift after an insert re-renders
 * none of the cards that only moved.
 */
export function sameNodeContent(previous: NodeProps, next: NodeProps): boolean {
  return (
    previous.id === next.id &&
    previous.type === next.type &&
    previous.data === next.data &&
    previous.selected === next.selected &&
    previous.dragging === next.dragging
  );
}
