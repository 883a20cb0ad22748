import { useSyncExternalStore } from 'react';
import type { WorkflowDraft } from '../../../../engine/WorkflowDraft.ts';

/** Whether this tab can undo and redo (the draft's undo store; only this tab's edits). */
export function useUndoState(draft: WorkflowDraft): { canUndo: boolean; canRedo: boolean } {
  return useSyncExternalStore(draft.undo.subscribe, draft.undo.getSnapshot, draft.undo.getSnapshot);
}
