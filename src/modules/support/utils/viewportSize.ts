import type { Size } from '../../../../domain/clampToWindow.ts';

/** The window's visible size without scroll bars (what a fixed box must stay inside). */
export function viewportSize(): Size {
  const root = document.documentElement;
  return {
    width: root.clientWidth || window.innerWidth,
    height: root.clientHeight || window.innerHeight,
  };
}
