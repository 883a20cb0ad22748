import { describe, expect, it } from 'vitest';
import {
  dockedPanelPlacement,
  PANEL_EDGE,
  panelPlacement,
} from '../../../src/modules/support/utils/panelPlacement.ts';

const launcher = { width: 56, height: 56 };

describe('panelPlacement (the open support chat)', () => {
  it('sits above the launcher, right-aligned with it, when there is room', () => {
    const placed = panelPlacement({ x: 1099, y: 634 }, launcher, { width: 1280, height: 800 });
    expect(placed).toEqual({ x: 1099 + 56 - 360, y: 634 - 12 - 480, width: 360, height: 480 });
  });

  it('goes below the launcher when there is no room above, and stays inside the window', () => {
    const viewport = { width: 1280, height: 800 };
    const placed = panelPlacement({ x: 125, y: 110 }, launcher, viewport);
    expect(placed.y).toBeGreaterThanOrEqual(PANEL_EDGE);
    expect(placed.y + placed.height).toBeLessThanOrEqual(viewport.height - PANEL_EDGE);
    expect(placed.x).toBe(PANEL_EDGE);
  });

  it('shrinks to fit a phone and keeps 12 px from every edge', () => {
    const viewport = { width: 375, height: 740 };
    const placed = panelPlacement({ x: 194, y: 574 }, launcher, viewport);
    expect(placed.width).toBe(375 - 24);
    expect(placed.x).toBe(PANEL_EDGE);
    expect(placed.y).toBeGreaterThanOrEqual(PANEL_EDGE);
    expect(placed.y + placed.height).toBeLessThanOrEqual(viewport.height - PANEL_EDGE);
  });
});

describe('dockedPanelPlacement', () => {
  it('opens under the top bar, right-aligned and inside a phone window', () => {
    expect(dockedPanelPlacement(60, { width: 375, height: 740 })).toEqual({
      x: 12,
      y: 66,
      width: 351,
      height: 480,
    });
  });

  it('shrinks to the room left under the bar on a short window', () => {
    const placed = dockedPanelPlacement(60, { width: 800, height: 400 });
    expect(placed).toEqual({ x: 800 - 12 - 360, y: 66, width: 360, height: 400 - 66 - 12 });
  });
});
