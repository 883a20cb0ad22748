import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Size, SUPPORT_WIDGET_MARGINS } from '../../../domain/clampToWindow.ts';
import { useDraggablePosition } from '../../../src/modules/support/hooks/useDraggablePosition.ts';

const SIZE: Size = { width: 56, height: 56 };

function Handle({ onPress }: { onPress?: () => void }) {
  const { position, handleProps, consumeDragClick } = useDraggablePosition(SIZE, SUPPORT_WIDGET_MARGINS);
  return (
    <button
      type="button"
      data-x={position.x}
      data-y={position.y}
      {...handleProps}
      onClick={() => {
        if (!consumeDragClick()) onPress?.();
      }}
    >
      handle
    </button>
  );
}

afterEach(cleanup);

const at = (el: HTMLElement) => ({ x: Number(el.dataset.x), y: Number(el.dataset.y) });

describe('useDraggablePosition (support widget)', () => {
  const vw = () => document.documentElement.clientWidth || window.innerWidth;
  const vh = () => document.documentElement.clientHeight || window.innerHeight;

  it('starts in the bottom-right corner inside the margins', () => {
    render(<Handle />);
    expect(at(screen.getByRole('button'))).toEqual({ x: vw() - 125 - 56, y: vh() - 110 - 56 });
  });

  it('keeps its place relative to the bottom-right corner when the window shrinks and grows', () => {
    const size = { width: window.innerWidth, height: window.innerHeight };
    const resize = (width: number, height: number) =>
      act(() => {
        Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
        Object.defineProperty(window, 'innerHeight', { value: height, configurable: true });
        window.dispatchEvent(new Event('resize'));
      });
    try {
      resize(1280, 800);
      render(<Handle />);
      const handle = screen.getByRole('button');
      expect(at(handle)).toEqual({ x: 1280 - 125 - 56, y: 800 - 110 - 56 });
      fireEvent.keyDown(handle, { key: 'ArrowLeft' });
      // Squeezed into a tiny window, it is held at the margins...
      resize(200, 200);
      expect(at(handle)).toEqual({ x: 125, y: 110 });
      // ...and a wide window gives it back its place by the corner, which follows the window.
      resize(1920, 1000);
      expect(at(handle)).toEqual({ x: 1920 - 125 - 56 - 10, y: 1000 - 110 - 56 });
    } finally {
      resize(size.width, size.height);
    }
  });

  it('moves with the arrow keys and stops at each margin', () => {
    render(<Handle />);
    const handle = screen.getByRole('button');
    const start = at(handle);
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    expect(at(handle)).toEqual({ x: start.x - 10, y: start.y });
    for (let i = 0; i < 200; i += 1) fireEvent.keyDown(handle, { key: 'ArrowLeft', shiftKey: true });
    for (let i = 0; i < 200; i += 1) fireEvent.keyDown(handle, { key: 'ArrowUp', shiftKey: true });
    expect(at(handle)).toEqual({ x: 125, y: 110 });
    for (let i = 0; i < 200; i += 1) fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true });
    for (let i = 0; i < 200; i += 1) fireEvent.keyDown(handle, { key: 'ArrowDown', shiftKey: true });
    expect(at(handle)).toEqual({ x: vw() - 125 - 56, y: vh() - 110 - 56 });
  });

  it('follows a pointer drag, clamped, and the click after a drag is not a press', () => {
    let presses = 0;
    render(<Handle onPress={() => (presses += 1)} />);
    const handle = screen.getByRole('button');
    const start = at(handle);
    fireEvent.pointerDown(handle, { pointerId: 1, button: 0, clientX: start.x + 10, clientY: start.y + 10 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: start.x - 90, clientY: start.y - 40 });
    expect(at(handle)).toEqual({ x: start.x - 100, y: start.y - 50 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: -4000, clientY: -4000 });
    expect(at(handle)).toEqual({ x: 125, y: 110 });
    fireEvent.pointerUp(handle, { pointerId: 1 });
    fireEvent.click(handle);
    expect(presses).toBe(0);
    fireEvent.click(handle);
    expect(presses).toBe(1);
  });

  it('treats a press without movement as a click', () => {
    let presses = 0;
    render(<Handle onPress={() => (presses += 1)} />);
    const handle = screen.getByRole('button');
    fireEvent.pointerDown(handle, { pointerId: 2, button: 0, clientX: 500, clientY: 500 });
    fireEvent.pointerMove(handle, { pointerId: 2, clientX: 501, clientY: 501 });
    fireEvent.pointerUp(handle, { pointerId: 2 });
    fireEvent.click(handle);
    expect(presses).toBe(1);
  });
});
