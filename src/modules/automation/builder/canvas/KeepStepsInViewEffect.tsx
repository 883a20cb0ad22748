import { type ReactFlowState, useReactFlow, useStore, useStoreApi } from '@xyflow/react';
import { useEffect, useRef } from 'react';
import type { CanvasModel } from '../../../../engine/buildCanvasModel.ts';

/** How many of the top nodes (the trigger first) are brought back into view. */
const TOP_NODES = 3;

const selectWidth = (state: ReactFlowState) => state.width;
const selectHeight = (state: ReactFlowState) => state.height;

type Box = { x: number; y: number; width: number; height: number };

/**
 * Bridges the canvas' size to React Flow's viewport: React Flow keeps the pan and zoom when the canvas is
 * resized (a window narrowed from 1280 to 375 px), which can leave every step outside the view. After a
 * resize, the selected step is brought back into view when it left it (centred, same zoom); with nothing
 * selected, when no step is wholly in view any more (cut off at the edge is not in view), the top steps
 * are fitted into view. Renders nothing.
 */
export function KeepStepsInViewEffect({
  model,
  selectedId,
}: {
  model: CanvasModel;
  selectedId: string | null;
}) {
  const flow = useReactFlow();
  const store = useStoreApi();
  const width = useStore(selectWidth);
  const height = useStore(selectHeight);
  const latest = useRef({ model, selectedId });
  latest.current = { model, selectedId };
  const size = useRef<{ width: number; height: number } | null>(null);

  useEffect(() => {
    const before = size.current;
    size.current = { width, height };
    // The first measure is the opening fit's business; only a later change of size is a resize.
    if (!before || width === 0 || height === 0) return;
    if (before.width === width && before.height === height) return;
    const frame = requestAnimationFrame(() => {
      const [tx, ty, zoom] = store.getState().transform;
      const whollyInView = (box: Box) =>
        box.x * zoom + tx >= 0 &&
        (box.x + box.width) * zoom + tx <= width &&
        box.y * zoom + ty >= 0 &&
        (box.y + box.height) * zoom + ty <= height;
      const { model: current, selectedId: selected } = latest.current;
      const boxOf = (node: CanvasModel['nodes'][number]): Box => ({
        ...node.position,
        width: node.width,
        height: node.height,
      });
      const chosen = selected ? current.nodes.find((node) => node.id === selected) : undefined;
      if (chosen) {
        const box = boxOf(chosen);
        if (!whollyInView(box))
          void flow.setCenter(box.x + box.width / 2, box.y + box.height / 2, { zoom, duration: 0 });
        return;
      }
      const steps = current.nodes.filter((node) => node.data.kind !== 'add');
      if (steps.length === 0 || steps.some((node) => whollyInView(boxOf(node)))) return;
      const top = [...steps]
        .sort((a, b) => a.position.y - b.position.y || a.position.x - b.position.x)
        .slice(0, TOP_NODES)
        .map((node) => ({ id: node.id }));
      void flow.fitView({
        nodes: top,
        padding: 0.2,
        maxZoom: Math.max(zoom, 0.5),
        minZoom: 0.5,
        duration: 0,
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [width, height, flow, store]);
  return null;
}
