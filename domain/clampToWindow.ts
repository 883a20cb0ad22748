/** Geometry of things floating over the page, in CSS pixels (left/top from the window's top-left corner). */
export type Point = { x: number; y: number };
export type Size = { width: number; height: number };
export type Margins = { x: number; y: number };

/** The support-chat widget keeps 125 px from the left and right edges and 110 px from the top and bottom. */
export const SUPPORT_WIDGET_MARGINS: Margins = { x: 125, y: 110 };

function clampAxis(value: number, margin: number, size: number, extent: number): number {
  const min = margin;
  // A window too small for the margins on both sides: the box keeps the leading margin.
  const max = Math.max(min, extent - margin - size);
  return Math.min(max, Math.max(min, value));
}

/**
 * Where a box of `size` at `position` may sit so that it stays inside the window with `margins` on every
 * side: each coordinate is held between the margin and (window extent - margin - box size).
 */
export function clampToWindow(
  position: Point,
  size: Size,
  viewport: Size,
  margins: Margins = SUPPORT_WIDGET_MARGINS,
): Point {
  const x = Number.isFinite(position.x) ? position.x : margins.x;
  const y = Number.isFinite(position.y) ? position.y : margins.y;
  return {
    x: clampAxis(x, margins.x, size.width, viewport.width),
    y: clampAxis(y, margins.y, size.height, viewport.height),
  };
}
