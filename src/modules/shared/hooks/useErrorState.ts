import { useSyncExternalStore } from 'react';
import type { ErrorState } from '../../../../domain/errorCatalogue.ts';
import { errorStore } from '../../../api/errorStore.ts';

/** The global error state, read from the request layer's error store. */
export function useErrorState(): ErrorState | null {
  return useSyncExternalStore(errorStore.subscribe, errorStore.get, errorStore.get);
}
