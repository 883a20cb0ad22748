import { useReactFlow } from '@xyflow/react';
import { useEffect, useRef } from 'react';
import type { CanvasModel } from '../../../../engine/buildCanvasModel.ts';
import { fitViewOptionsFor } from './fitViewOptionsFor.ts';

/**
 * Bridges the draft to React Flow's viewport: fits the view again (as on open: see fitViewOptionsFor) when the number of nodes changes a lot
 * from outside (another tab, a discard, an undo of many steps), never on a detail edit. Renders nothing.
 */
export function FitViewEffect({ model }: { model: CanvasModel }) {
  const flow = useReactFlow();
  const structureKey = model.nodes.length;
  const modelRef = useRef(model);
  modelRef.current = model;
  const last = useRef(structureKey);
  useEffect(() => {
    const before = last.current;
    last.current = structureKey;
    if (Math.abs(structureKey - before) < 4) return;
    const frame = requestAnimationFrame(
      () => void flow.fitView({ ...fitViewOptionsFor(modelRef.current), duration: 200 }),
    );
    return () => cancelAnimationFrame(frame);
  }, [structureKey, flow]);
  return null;
}
