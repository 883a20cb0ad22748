import type { OnNodeDrag } from '@xyflow/react';
import { useCallback, useRef, useState } from 'react';
import type { CanvasModel } from '../../../../engine/buildCanvasModel.ts';
import { type DropTarget, findDropTarget } from '../../../../engine/findDropTarget.ts';
import type { BuilderFlowNode } from './canvasTypes.ts';

/** The step being dragged: where it is drawn now, and the slot it would land in. */
export type StepDrag = { nodeId: string; position: { x: number; y: number }; target: DropTarget | null };

/**
 * Dragging a step to move it: while it moves only the dragged node is drawn elsewhere (the laid-out
 * model is untouched) and the nearest slot is shown as the drop target; on drop, one move command
 * (one undo step) puts it there and the automatic layout takes over again. Dropped away from any slot,
 * it goes back.
 */
export function useStepDrag(model: CanvasModel, move: (nodeId: string, to: DropTarget['at']) => void) {
  const [drag, setDrag] = useState<StepDrag | null>(null);
  const dragRef = useRef<StepDrag | null>(null);
  const modelRef = useRef(model);
  modelRef.current = model;

  const onNodeDrag = useCallback<OnNodeDrag<BuilderFlowNode>>((_event, node) => {
    const width = node.width ?? node.measured?.width ?? 0;
    const height = node.height ?? node.measured?.height ?? 0;
    const centre = { x: node.position.x + width / 2, y: node.position.y + height / 2 };
    const target = findDropTarget(modelRef.current, node.id, centre);
    dragRef.current = { nodeId: node.id, position: node.position, target };
    setDrag(dragRef.current);
  }, []);

  const onNodeDragStop = useCallback<OnNodeDrag<BuilderFlowNode>>(
    (_event, node) => {
      const current = dragRef.current;
      dragRef.current = null;
      setDrag(null);
      if (current?.nodeId === node.id && current.target) move(node.id, current.target.at);
    },
    [move],
  );

  return { drag, onNodeDrag, onNodeDragStop };
}
