import { useReactFlow, useStoreApi } from '@xyflow/react';
import { useEffect } from 'react';

/** Space kept between a revealed step and the canvas' edge, in screen pixels. */
const MARGIN = 48;

/**
 * Bridges the selection to React Flow's viewport: when the selected step (a step just added, or one picked
 * from the editor) is not wholly in view, the canvas pans to centre it, at the same zoom. Renders nothing.
 */
export function RevealSelectedEffect({ selectedId }: { selectedId: string | null }) {
  const flow = useReactFlow();
  const store = useStoreApi();
  useEffect(() => {
    if (!selectedId) return;
    const frame = requestAnimationFrame(() => {
      const node = flow.getInternalNode(selectedId);
      if (!node) return;
      const { width, height, transform } = store.getState();
      const [tx, ty, zoom] = transform;
      const w = node.measured.width ?? node.width ?? 0;
      const h = node.measured.height ?? node.height ?? 0;
      const { x, y } = node.internals.positionAbsolute;
      const left = x * zoom + tx;
      const top = y * zoom + ty;
      const inView =
        left >= MARGIN &&
        top >= MARGIN &&
        left + w * zoom <= width - MARGIN &&
        top + h * zoom <= height - MARGIN;
      if (!inView) void flow.setCenter(x + w / 2, y + h / 2, { zoom, duration: 200 });
    });
    return () => cancelAnimationFrame(frame);
  }, [selectedId, flow, store]);
  return null;
}
