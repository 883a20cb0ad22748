import { useSyncExternalStore } from 'react';
import type { DraftSnapshot, WorkflowDraft } from '../../../../engine/WorkflowDraft.ts';

/** The draft's current snapshot (a new object after each change of the doc, from any origin or tab). */
export function useDraftSnapshot(draft: WorkflowDraft): DraftSnapshot {
  return useSyncExternalStore(draft.subscribe, draft.getSnapshot);
}
