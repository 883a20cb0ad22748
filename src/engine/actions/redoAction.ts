import { type EditorAction, withModifier } from './EditorAction.ts';
import type { UndoHost } from './undoAction.ts';

/** Redo: brings back what Undo took (Shift+Ctrl/Cmd+Z, or Ctrl/Cmd+Y). Every editor's registry lists it. */
export const redoAction: EditorAction<UndoHost, unknown, 'redo', 'toolbar'> = {
  id: 'redo',
  label: 'Redo',
  surfaces: ['toolbar'],
  keyTest: (press) => {
    if (!withModifier(press)) return false;
    const key = press.key.toLowerCase();
    return (key === 'z' && press.shiftKey) || (key === 'y' && !press.shiftKey);
  },
  shortcuts: ['Shift+Mod+Z', 'Mod+Y'],
  isEnabled: (host) => host.draft.undo.getSnapshot().canRedo,
  perform: (host) => {
    host.draft.undo.redo();
  },
};
