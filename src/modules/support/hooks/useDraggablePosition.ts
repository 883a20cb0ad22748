import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import { clampToWindow, type Margins, type Point, type Size } from '../../../../domain/clampToWindow.ts';
import { viewportSize } from '../utils/viewportSize.ts';

/** A pointer that travels less than this is a click, not a drag. */
const DRAG_THRESHOLD = 4;
const KEY_STEP = 10;
const KEY_STEP_LARGE = 50;

const KEY_MOVES: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

export type DragHandleProps = {
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onPointerMove: (event: PointerEvent<HTMLElement>) => void;
  onPointerUp: (event: PointerEvent<HTMLElement>) => void;
  onPointerCancel: (event: PointerEvent<HTMLElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
};

export type DraggablePosition = {
  position: Point;
  handleProps: DragHandleProps;
  /** True right after a drag ended: the click that follows it is not a press. */
  consumeDragClick: () => boolean;
};

type Drag = { pointerId: number; offset: Point; start: Point; moved: boolean };

/**
 * A box of `size` that starts in the bottom-right corner and is moved by dragging a handle (pointer
 * events) or with the arrow keys on a focused handle (Shift for larger steps). It always stays inside
 * the window with `margins` (clampToWindow). It keeps its distance from the bottom-right corner where
 * it was put: a window that grows takes it along (it stays in the corner, clear of the page), and one
 * that shrinks and grows again gives it back its place.
 */
export function useDraggablePosition(size: Size, margins: Margins): DraggablePosition {
  const place = useCallback(
    (point: Point) => clampToWindow(point, size, viewportSize(), margins),
    [size, margins],
  );
  /** Where the person put it, as its distance from the window's right and bottom edges. */
  const fromCorner = useRef<Point>({ x: margins.x, y: margins.y });
  const [position, setPlaced] = useState<Point>(() => {
    const viewport = viewportSize();
    return place({
      x: viewport.width - margins.x - size.width,
      y: viewport.height - margins.y - size.height,
    });
  });
  const drag = useRef<Drag | null>(null);
  const justDragged = useRef(false);

  /** Puts it at `point` (held inside the margins) and remembers that place relative to the corner. */
  const setPosition = useCallback(
    (next: (current: Point) => Point) =>
      setPlaced((current) => {
        const placed = place(next(current));
        const viewport = viewportSize();
        fromCorner.current = {
          x: viewport.width - placed.x - size.width,
          y: viewport.height - placed.y - size.height,
        };
        return placed;
      }),
    [place, size],
  );

  useEffect(() => {
    const onResize = () => {
      const viewport = viewportSize();
      setPlaced(
        place({
          x: viewport.width - fromCorner.current.x - size.width,
          y: viewport.height - fromCorner.current.y - size.height,
        }),
      );
    };
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [place, size]);

  const end = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    justDragged.current = current.moved;
    drag.current = null;
    if (event.currentTarget.hasPointerCapture?.(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
  };

  const handleProps: DragHandleProps = {
    onPointerDown: (event) => {
      if (event.button !== 0) return;
      justDragged.current = false;
      drag.current = {
        pointerId: event.pointerId,
        offset: { x: event.clientX - position.x, y: event.clientY - position.y },
        start: { x: event.clientX, y: event.clientY },
        moved: false,
      };
      event.currentTarget.setPointerCapture?.(event.pointerId);
    },
    onPointerMove: (event) => {
      const current = drag.current;
      if (!current || current.pointerId !== event.pointerId) return;
      if (
        !current.moved &&
        Math.hypot(event.clientX - current.start.x, event.clientY - current.start.y) < DRAG_THRESHOLD
      ) {
        return;
      }
      current.moved = true;
      setPosition(() => ({ x: event.clientX - current.offset.x, y: event.clientY - current.offset.y }));
    },
    onPointerUp: end,
    onPointerCancel: end,
    onKeyDown: (event) => {
      const move = KEY_MOVES[event.key];
      if (!move) return;
      event.preventDefault();
      const step = event.shiftKey ? KEY_STEP_LARGE : KEY_STEP;
      setPosition((current) => ({ x: current.x + move.x * step, y: current.y + move.y * step }));
    },
  };

  const consumeDragClick = () => {
    const dragged = justDragged.current;
    justDragged.current = false;
    return dragged;
  };

  return { position, handleProps, consumeDragClick };
}
