/**
 * Which history action a key press asks for (Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z redoes; Ctrl+Y
 * also redoes, as on Windows). Takes the plain fields of a KeyboardEvent so it stays DOM-free and testable.
 * Presses inside text fields should be left to the field (the caller checks the event target).
 */
export type KeyPress = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey?: boolean;
};

export function undoShortcut(press: KeyPress): 'undo' | 'redo' | null {
  if (press.altKey) return null;
  const modifier = press.ctrlKey || press.metaKey;
  if (!modifier) return null;
  const key = press.key.toLowerCase();
  if (key === 'z') return press.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && press.ctrlKey && !press.shiftKey) return 'redo';
  return null;
}
