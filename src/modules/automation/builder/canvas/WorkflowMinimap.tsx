import { Panel, type ReactFlowState, useReactFlow, useStore } from '@xyflow/react';
import { useEffect, useMemo, useRef } from 'react';
import type { CanvasModel } from '../../../../engine/buildCanvasModel.ts';

const WIDTH = 200;
const HEIGHT = 150;
const PADDING = 8;

const MINIMAP_COLORS: Record<string, string> = {
  trigger: '#001760',
  sendEmail: '#1ec252',
  addToList: '#1c4fb0',
  delay: '#8a4a00',
  condition: '#34499a',
  end: '#5f6a80',
  add: '#d9dfea',
};

type Frame = { minX: number; minY: number; scale: number; offsetX: number; offsetY: number };

/** Where the model's nodes go in the minimap: their bounds scaled to fit, centred. */
function frameOf(model: CanvasModel): Frame {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const node of model.nodes) {
    minX = Math.min(minX, node.position.x);
    minY = Math.min(minY, node.position.y);
    maxX = Math.max(maxX, node.position.x + node.width);
    maxY = Math.max(maxY, node.position.y + node.height);
  }
  if (!Number.isFinite(minX)) return { minX: 0, minY: 0, scale: 1, offsetX: 0, offsetY: 0 };
  const scale = Math.min(
    (WIDTH - 2 * PADDING) / (maxX - minX || 1),
    (HEIGHT - 2 * PADDING) / (maxY - minY || 1),
  );
  return {
    minX,
    minY,
    scale,
    offsetX: (WIDTH - (maxX - minX) * scale) / 2,
    offsetY: (HEIGHT - (maxY - minY) * scale) / 2,
  };
}

const selectView = (state: ReactFlowState) =>
  `${state.transform[0]},${state.transform[1]},${state.transform[2]},${state.width},${state.height}`;

/**
 * The canvas' minimap, drawn on a <canvas>: every node as a coloured box (drawn once per change of the
 * workflow into an off-screen layer), and the part in view as a frame (redrawn as the view moves). A click
 * or a drag on it centres the view there. One draw of a few rectangles per change, where React Flow's SVG
 * minimap re-rendered an element for every node that moved, i.e. all of them after an insert.
 */
export function WorkflowMinimap({ model }: { model: CanvasModel }) {
  const flow = useReactFlow();
  const view = useStore(selectView);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const frame = useMemo(() => frameOf(model), [model]);
  const ratio = typeof window === 'undefined' ? 1 : Math.max(1, Math.round(window.devicePixelRatio || 1));

  // The nodes' layer, redrawn only when the workflow changes.
  const layer = useMemo(() => {
    if (typeof document === 'undefined') return null;
    const offscreen = document.createElement('canvas');
    offscreen.width = WIDTH * ratio;
    offscreen.height = HEIGHT * ratio;
    const context = offscreen.getContext('2d');
    if (!context) return null;
    context.scale(ratio, ratio);
    for (const node of model.nodes) {
      context.fillStyle = MINIMAP_COLORS[node.type] ?? '#c2cad8';
      context.fillRect(
        frame.offsetX + (node.position.x - frame.minX) * frame.scale,
        frame.offsetY + (node.position.y - frame.minY) * frame.scale,
        Math.max(1, node.width * frame.scale),
        Math.max(1, node.height * frame.scale),
      );
    }
    return offscreen;
  }, [model, frame, ratio]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const [tx, ty, zoom, width, height] = view.split(',').map(Number) as [
      number,
      number,
      number,
      number,
      number,
    ];
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, canvas.width, canvas.height);
    if (layer) context.drawImage(layer, 0, 0);
    context.scale(ratio, ratio);
    const x = frame.offsetX + (-tx / zoom - frame.minX) * frame.scale;
    const y = frame.offsetY + (-ty / zoom - frame.minY) * frame.scale;
    context.fillStyle = 'rgba(0, 23, 96, 0.06)';
    context.fillRect(x, y, (width / zoom) * frame.scale, (height / zoom) * frame.scale);
    context.strokeStyle = '#001760';
    context.lineWidth = 1.5;
    context.strokeRect(x, y, (width / zoom) * frame.scale, (height / zoom) * frame.scale);
  }, [view, layer, frame, ratio]);

  const centreAt = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = (event.clientX - box.left - frame.offsetX) / frame.scale + frame.minX;
    const y = (event.clientY - box.top - frame.offsetY) / frame.scale + frame.minY;
    void flow.setCenter(x, y, { zoom: flow.getZoom() });
  };

  return (
    <Panel position="bottom-right" className="builder-minimap">
      <canvas
        ref={canvasRef}
        width={WIDTH * ratio}
        height={HEIGHT * ratio}
        style={{ width: WIDTH, height: HEIGHT }}
        role="img"
        aria-label="Minimap of the workflow: drag or click to move the view"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          centreAt(event);
        }}
        onPointerMove={(event) => {
          if (event.currentTarget.hasPointerCapture(event.pointerId)) centreAt(event);
        }}
      />
    </Panel>
  );
}
