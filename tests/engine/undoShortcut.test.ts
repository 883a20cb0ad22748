import { describe, expect, it } from 'vitest';
import { undoShortcut } from '../../src/engine/undoShortcut.ts';

const press = (
  key: string,
  mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {},
) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe('undoShortcut', () => {
  it('maps Ctrl/Cmd+Z to undo and Shift+Ctrl/Cmd+Z or Ctrl+Y to redo', () => {
    expect(undoShortcut(press('z', { ctrlKey: true }))).toBe('undo');
    expect(undoShortcut(press('z', { metaKey: true }))).toBe('undo');
    expect(undoShortcut(press('Z', { metaKey: true, shiftKey: true }))).toBe('redo');
    expect(undoShortcut(press('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(undoShortcut(press('y', { ctrlKey: true }))).toBe('redo');
  });

  it('ignores other keys and presses without a modifier', () => {
    expect(undoShortcut(press('z'))).toBeNull();
    expect(undoShortcut(press('x', { ctrlKey: true }))).toBeNull();
    expect(undoShortcut(press('z', { ctrlKey: true, altKey: true }))).toBeNull();
  });
});
