import { type BuilderAction, withModifier } from './BuilderAction.ts';

/** Undo: takes back this tab's last edit (Ctrl/Cmd+Z). */
export const undoAction: BuilderAction = {
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
