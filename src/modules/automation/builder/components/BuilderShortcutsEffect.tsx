import type { BuilderDispatcher } from '../../../../engine/actions/BuilderAction.ts';
import { isTextField, useActionShortcuts } from '../../../shared/hooks/useActionShortcuts.ts';

/**
 * Bridges the keyboard to the builder's actions (useActionShortcuts): Ctrl/Cmd+Z undo; Shift+Ctrl/Cmd+Z
 * or Ctrl/Cmd+Y redo; Ctrl/Cmd+C copies the selected step. Text fields keep their own undo and copy.
 * Renders nothing.
 */
export function BuilderShortcutsEffect({ dispatcher }: { dispatcher: BuilderDispatcher }) {
  useActionShortcuts(dispatcher, { keepsNativeKeys: isTextField });
  return null;
}
