import { useEffect, useRef } from 'react';
import { type KeyPress, keyPressOf } from '../../../engine/actions/EditorAction.ts';

/** The part of an editor's action dispatcher the keyboard uses. */
export type KeyDispatcher<Surface extends string> = {
  handleKey(press: KeyPress, on?: { surface?: Surface }): { action: { keepsDefault?: boolean } } | null;
};

/** A text field, or text edited in place: where the browser edits text and keeps its own history. */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/** The browser's own undo and redo (the Edit menu, a context menu, or a key it handles itself). */
const HISTORY_PRESSES: Record<string, KeyPress> = {
  historyUndo: { key: 'z', ctrlKey: true, metaKey: false, shiftKey: false },
  historyRedo: { key: 'z', ctrlKey: true, metaKey: false, shiftKey: true },
};

/**
 * Bridges the keyboard to an editor's action registry: every key press on the page goes to the
 * dispatcher (only the actions of `surface` when given), which runs the action whose keyTest matches;
 * the browser's default is prevented unless the action keeps it. The browser's own undo and redo
 * (`beforeinput` historyUndo / historyRedo: the Edit menu, or a key that reached it) are the same
 * presses, so the browser never undoes text behind the draft's back. Presses whose target
 * `keepsNativeKeys` (a text field with a history of its own) are left to it.
 */
export function useActionShortcuts<Surface extends string>(
  dispatcher: KeyDispatcher<Surface>,
  options: { keepsNativeKeys: (target: EventTarget | null) => boolean; surface?: Surface },
): void {
  const keepsNative = useRef(options.keepsNativeKeys);
  keepsNative.current = options.keepsNativeKeys;
  const surface = options.surface;
  useEffect(() => {
    const on = surface === undefined ? {} : { surface };
    const onKeyDown = (event: KeyboardEvent) => {
      // Not skipped when already prevented: ProseMirror prevents Ctrl/Cmd+Z and Y (so that the browser
      // does not undo its text) and leaves them to the page.
      if (keepsNative.current(event.target)) return;
      const press: KeyPress = {
        ...keyPressOf(event),
        // Read only by an action that asks (copy), not on every key.
        get textSelected() {
          return Boolean(window.getSelection()?.toString());
        },
      };
      const matched = dispatcher.handleKey(press, on);
      if (matched && !matched.action.keepsDefault) event.preventDefault();
    };
    const onBeforeInput = (event: InputEvent) => {
      const press = HISTORY_PRESSES[event.inputType];
      if (!press || keepsNative.current(event.target)) return;
      event.preventDefault();
      dispatcher.handleKey(press, on);
    };
    window.addEventListener('keydown', onKeyDown);
    document.addEventListener('beforeinput', onBeforeInput, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('beforeinput', onBeforeInput, true);
    };
  }, [dispatcher, surface]);
}
