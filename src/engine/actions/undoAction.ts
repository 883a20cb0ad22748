import type { UndoStore } from '../draft/createUndoStore.ts';
import { type EditorAction, withModifier } from './EditorAction.ts';

/** Any editor whose host holds a draft (the kernel's undo store: this tab's edits only). */
export type UndoHost = { draft: { undo: UndoStore } };

/** Undo: takes back this tab's last edit (Ctrl/Cmd+Z). Every editor's registry lists it. */
export const undoAction: EditorAction<UndoHost, unknown, 'undo', 'toolbar'> = {
  id: 'undo',
  label: 'Undo',
  surfaces: ['toolbar'],
  keyTest: (press) => withModifier(press) && press.key.toLowerCase() === 'z' && !press.shiftKey,
  shortcuts: ['Mod+Z'],
  isEnabled: (host) => host.draft.undo.getSnapshot().canUndo,
  perform: (host) => {
    host.draft.undo.undo();
  },
};
