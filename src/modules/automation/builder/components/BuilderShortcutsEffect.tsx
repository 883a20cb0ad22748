import { useEffect } from 'react';
import type { ActionDispatcher } from '../../../../engine/actions/createActionDispatcher.ts';

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/**
 * Bridges the keyboard to the builder's actions: each key press goes to the dispatcher, which runs the
 * registry's action whose keyTest matches (Ctrl/Cmd+Z undo; Shift+Ctrl/Cmd+Z or Ctrl/Cmd+Y redo;
 * Ctrl/Cmd+C copies the selected step). Text fields keep their own undo and copy. Renders nothing.
 */
export function BuilderShortcutsEffect({ dispatcher }: { dispatcher: ActionDispatcher }) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isTextField(event.target)) return;
      const matched = dispatcher.handleKey({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        shiftKey: event.shiftKey,
        altKey: event.altKey,
        textSelected: Boolean(window.getSelection()?.toString()),
      });
      if (matched && !matched.action.keepsDefault) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [dispatcher]);
  return null;
}
