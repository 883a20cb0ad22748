import { useCallback, useSyncExternalStore } from 'react';
import type { DraftSnapshot, WorkflowDraft } from '../../../../engine/WorkflowDraft.ts';

/**
 * One value of the draft's snapshot (narrow subscription): the component re-renders only when the
 * selected value changes (compared with Object.is). Select primitives or objects the engine keeps stable.
 */
export function useDraftSelector<T>(draft: WorkflowDraft, select: (snapshot: DraftSnapshot) => T): T {
  const getValue = useCallback(() => select(draft.getSnapshot()), [draft, select]);
  return useSyncExternalStore(draft.subscribe, getValue, getValue);
}
