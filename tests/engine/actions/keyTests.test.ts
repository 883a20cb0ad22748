import { describe, expect, it } from 'vitest';
import { builderActionRegistry } from '../../../src/engine/actions/builderActionRegistry.ts';
import { copyStepAction } from '../../../src/engine/actions/copyStepAction.ts';
import type { KeyPress } from '../../../src/engine/actions/EditorAction.ts';
import { redoAction } from '../../../src/engine/actions/redoAction.ts';
import { undoAction } from '../../../src/engine/actions/undoAction.ts';
import { press } from './actionFixtures.ts';

/** Which registry actions a press matches (the dispatcher runs the first). */
const matching = (p: KeyPress) =>
  builderActionRegistry.filter((action) => action.keyTest?.(p)).map((action) => action.id);

describe('builder action keyTests', () => {
  it('undo: Ctrl+Z and Cmd+Z, without Shift', () => {
    expect(undoAction.keyTest?.(press('z', { ctrlKey: true }))).toBe(true);
    expect(undoAction.keyTest?.(press('z', { metaKey: true }))).toBe(true);
    expect(undoAction.keyTest?.(press('Z', { ctrlKey: true, shiftKey: true }))).toBe(false);
  });

  it('redo: Shift+Ctrl/Cmd+Z and Ctrl/Cmd+Y, on every platform', () => {
    expect(redoAction.keyTest?.(press('Z', { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(redoAction.keyTest?.(press('Z', { metaKey: true, shiftKey: true }))).toBe(true);
    expect(redoAction.keyTest?.(press('y', { ctrlKey: true }))).toBe(true);
    expect(redoAction.keyTest?.(press('y', { metaKey: true }))).toBe(true);
    expect(redoAction.keyTest?.(press('Y', { metaKey: true, shiftKey: true }))).toBe(false);
  });

  it('copy: Ctrl/Cmd+C unless text is selected on the page', () => {
    expect(copyStepAction.keyTest?.(press('c', { ctrlKey: true }))).toBe(true);
    expect(copyStepAction.keyTest?.(press('c', { metaKey: true }))).toBe(true);
    expect(copyStepAction.keyTest?.(press('c', { metaKey: true, textSelected: true }))).toBe(false);
    expect(copyStepAction.keyTest?.(press('C', { ctrlKey: true, shiftKey: true }))).toBe(false);
  });

  it('each press matches at most one action; none without Ctrl/Cmd or with Alt', () => {
    expect(matching(press('z', { ctrlKey: true }))).toEqual(['undo']);
    expect(matching(press('Z', { metaKey: true, shiftKey: true }))).toEqual(['redo']);
    expect(matching(press('y', { ctrlKey: true }))).toEqual(['redo']);
    expect(matching(press('c', { ctrlKey: true }))).toEqual(['copy']);
    expect(matching(press('z'))).toEqual([]);
    expect(matching(press('y'))).toEqual([]);
    expect(matching(press('x', { ctrlKey: true }))).toEqual([]);
    expect(matching(press('z', { ctrlKey: true, altKey: true }))).toEqual([]);
    expect(matching(press('y', { metaKey: true, altKey: true }))).toEqual([]);
  });
});
