import { useEffect, useRef } from 'react';
import type { WorkflowDraft } from '../../../../engine/WorkflowDraft.ts';

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/**
 * Bridges the keyboard to the draft: Ctrl/Cmd+Z undoes, Shift+Ctrl/Cmd+Z (or Ctrl+Y) redoes this tab's
 * edits, Ctrl/Cmd+C copies the selected step. Text fields keep their own undo and copy. Renders nothing.
 */
export function BuilderShortcutsEffect({ draft, onCopy }: { draft: WorkflowDraft; onCopy: () => void }) {
  const onCopyRef = useRef(onCopy);
  onCopyRef.current = onCopy;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || isTextField(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        draft.undo.undo();
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault();
        draft.undo.redo();
      } else if (key === 'c' && !event.shiftKey && !window.getSelection()?.toString()) {
        onCopyRef.current();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [draft]);
  return null;
}
