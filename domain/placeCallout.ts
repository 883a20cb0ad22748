import type { Size } from './clampToWindow.ts';

/** A box on the screen, in CSS pixels from the window's top-left corner. */
export type Box = { left: number; top: number; width: number; height: number };

export type CalloutSide = 'below' | 'above' | 'right' | 'left';

export type CalloutPlace = {
  side: CalloutSide;
  left: number;
  top: number;
  width: number;
  /** The callout scrolls inside this height when its content is taller. */
  maxHeight: number;
};

/** Space between the control and the callout, and between the callout and the window's edges. */
export const CALLOUT_GAP = 12;
export const CALLOUT_MARGIN = 8;

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));

/**
 * Where a tour's callout goes beside the control it explains, never over it: below the control when the
 * callout fits there, else above, else to its right, else to its left (wide windows); when it fits on no
 * side whole, on the taller of below and above, its height held to that space (it scrolls). It keeps a
 * margin from the window's edges and is never wider than the window allows.
 */
export function placeCallout(target: Box, callout: Size, viewport: Size): CalloutPlace {
  const width = Math.min(callout.width, viewport.width - 2 * CALLOUT_MARGIN);
  const bottom = target.top + target.height;
  const right = target.left + target.width;
  const below = viewport.height - bottom - CALLOUT_GAP - CALLOUT_MARGIN;
  const above = target.top - CALLOUT_GAP - CALLOUT_MARGIN;
  const toRight = viewport.width - right - CALLOUT_GAP - CALLOUT_MARGIN;
  const toLeft = target.left - CALLOUT_GAP - CALLOUT_MARGIN;
  const alignedLeft = clamp(target.left, CALLOUT_MARGIN, viewport.width - CALLOUT_MARGIN - width);
  const fullHeight = viewport.height - 2 * CALLOUT_MARGIN;
  const sideTop = clamp(target.top, CALLOUT_MARGIN, viewport.height - CALLOUT_MARGIN - callout.height);

  if (below >= callout.height)
    return { side: 'below', left: alignedLeft, top: bottom + CALLOUT_GAP, width, maxHeight: below };
  if (above >= callout.height)
    return {
      side: 'above',
      left: alignedLeft,
      top: target.top - CALLOUT_GAP - callout.height,
      width,
      maxHeight: above,
    };
  if (toRight >= width)
    return { side: 'right', left: right + CALLOUT_GAP, top: sideTop, width, maxHeight: fullHeight };
  if (toLeft >= width)
    return {
      side: 'left',
      left: target.left - CALLOUT_GAP - width,
      top: sideTop,
      width,
      maxHeight: fullHeight,
    };
  if (below >= above)
    return {
      side: 'below',
      left: alignedLeft,
      top: bottom + CALLOUT_GAP,
      width,
      maxHeight: Math.max(0, below),
    };
  const height = Math.max(0, above);
  return {
    side: 'above',
    left: alignedLeft,
    top: target.top - CALLOUT_GAP - height,
    width,
    maxHeight: height,
  };
}

/** True when two boxes share any area (touching edges do not count). */
export function boxesOverlap(a: Box, b: Box): boolean {
  return (
    a.left < b.left + b.width &&
    b.left < a.left + a.width &&
    a.top < b.top + b.height &&
    b.top < a.top + a.height
  );
}
