import { describe, expect, it } from 'vitest';
import { clampToWindow, SUPPORT_WIDGET_MARGINS } from '../../domain/clampToWindow.ts';

const viewport = { width: 1280, height: 800 };
const size = { width: 56, height: 56 };

describe('clampToWindow (support widget, margins 125 px by 110 px)', () => {
  it('uses the spec margins by default', () => {
    expect(SUPPORT_WIDGET_MARGINS).toEqual({ x: 125, y: 110 });
  });

  it('leaves a position inside the margins alone', () => {
    expect(clampToWindow({ x: 400, y: 300 }, size, viewport)).toEqual({ x: 400, y: 300 });
  });

  it('stops at the left margin when dragged past the left edge', () => {
    expect(clampToWindow({ x: -500, y: 300 }, size, viewport)).toEqual({ x: 125, y: 300 });
    expect(clampToWindow({ x: 124, y: 300 }, size, viewport).x).toBe(125);
  });

  it('stops at the right margin when dragged past the right edge', () => {
    expect(clampToWindow({ x: 5000, y: 300 }, size, viewport)).toEqual({ x: 1280 - 125 - 56, y: 300 });
  });

  it('stops at the top margin when dragged past the top edge', () => {
    expect(clampToWindow({ x: 400, y: -80 }, size, viewport)).toEqual({ x: 400, y: 110 });
  });

  it('stops at the bottom margin when dragged past the bottom edge', () => {
    expect(clampToWindow({ x: 400, y: 2000 }, size, viewport)).toEqual({ x: 400, y: 800 - 110 - 56 });
  });

  it('clamps both axes at once (a corner)', () => {
    expect(clampToWindow({ x: 9999, y: 9999 }, size, viewport)).toEqual({ x: 1099, y: 634 });
    expect(clampToWindow({ x: -1, y: -1 }, size, viewport)).toEqual({ x: 125, y: 110 });
  });

  it('re-clamps a position after the window shrinks', () => {
    const placed = clampToWindow({ x: 1099, y: 634 }, size, viewport);
    expect(clampToWindow(placed, size, { width: 800, height: 600 })).toEqual({
      x: 800 - 125 - 56,
      y: 600 - 110 - 56,
    });
  });

  it('keeps the leading margins when the window is too small for both', () => {
    expect(clampToWindow({ x: 300, y: 300 }, size, { width: 200, height: 200 })).toEqual({ x: 125, y: 110 });
  });

  it('takes other margins (the open panel keeps 12 px from the edges)', () => {
    expect(
      clampToWindow({ x: -10, y: 900 }, { width: 340, height: 460 }, viewport, { x: 12, y: 12 }),
    ).toEqual({
      x: 12,
      y: 800 - 12 - 460,
    });
  });

  it('treats a non-finite position as the top-left margin', () => {
    expect(clampToWindow({ x: Number.NaN, y: Number.POSITIVE_INFINITY }, size, viewport)).toEqual({
      x: 125,
      y: 110,
    });
  });
});
