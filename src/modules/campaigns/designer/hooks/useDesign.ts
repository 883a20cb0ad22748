import { useCallback, useSyncExternalStore } from 'react';
import type { DesignDraft } from '../../../../engine/design/DesignDraft.ts';

/**
 * One memoised value of the design draft (getLayout, getBlock(id), getTheme, getStatus ...): the
 * component re-renders only when that value's identity changes, so a keystroke in one block re-renders
 * that block alone.
 */
export function useDesign<T>(draft: DesignDraft, read: (draft: DesignDraft) => T): T {
  const getSnapshot = useCallback(() => read(draft), [draft, read]);
  return useSyncExternalStore(draft.subscribe, getSnapshot, getSnapshot);
}
