import { clampToWindow, type Point, type Size } from '../../../../domain/clampToWindow.ts';

export const PANEL_MAX_SIZE: Size = { width: 360, height: 480 };
export const PANEL_EDGE = 12;
const GAP = 12;

/**
 * Where the open chat panel goes: right-aligned with the launcher, above it when there is room, else
 * below it, and always fully inside the window (12 px from its edges), shrunk on small windows.
 */
export function panelPlacement(launcher: Point, launcherSize: Size, viewport: Size): Point & Size {
  const width = Math.max(0, Math.min(PANEL_MAX_SIZE.width, viewport.width - 2 * PANEL_EDGE));
  const height = Math.max(0, Math.min(PANEL_MAX_SIZE.height, viewport.height - 2 * PANEL_EDGE));
  const x = launcher.x + launcherSize.width - width;
  const above = launcher.y - GAP - height;
  const y = above >= PANEL_EDGE ? above : launcher.y + launcherSize.height + GAP;
  const placed = clampToWindow({ x, y }, { width, height }, viewport, { x: PANEL_EDGE, y: PANEL_EDGE });
  return { ...placed, width, height };
}

/**
 * Where the open chat panel goes when the launcher is docked in the top bar: right-aligned under the
 * bar (`top`: its bottom edge), as large as fits the window with 12 px edges.
 */
export function dockedPanelPlacement(top: number, viewport: Size): Point & Size {
  const width = Math.max(0, Math.min(PANEL_MAX_SIZE.width, viewport.width - 2 * PANEL_EDGE));
  const y = top + GAP / 2;
  const height = Math.max(0, Math.min(PANEL_MAX_SIZE.height, viewport.height - y - PANEL_EDGE));
  return { x: viewport.width - PANEL_EDGE - width, y, width, height };
}
