import { useReactFlow } from '@xyflow/react';
import { useEffect, useRef } from 'react';

/**
 * Bridges the draft to React Flow's viewport: fits the view again when the number of nodes changes a lot
 * from outside (another tab, a discard, an undo of many steps), never on a detail edit. Renders nothing.
 */
export function FitViewEffect({ structureKey }: { structureKey: number }) {
  const flow = useReactFlow();
  const last = useRef(structureKey);
  useEffect(() => {
    const before = last.current;
    last.current = structureKey;
    if (Math.abs(structureKey - before) < 4) return;
    const frame = requestAnimationFrame(() => void flow.fitView({ padding: 0.2, maxZoom: 1, duration: 200 }));
    return () => cancelAnimationFrame(frame);
  }, [structureKey, flow]);
  return null;
}
