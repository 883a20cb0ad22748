import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server's render and in the browser's hydrating render (so both give the same HTML), true
 * from the next render on. Behaviour that only makes sense with scripts running (disabling sections that
 * a script re-enables) waits for it; without JavaScript the plain form keeps every field usable.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
