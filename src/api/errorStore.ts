import type { ErrorState } from '../../domain/errorCatalogue.ts';

type Listener = () => void;

let current: ErrorState | null = null;
let redirectTarget: string | null = null;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of [...listeners]) listener();
}

/**
 * The global error state of the workbench ("the errors state holds an error type and a
 * redirect URL"). The request layer sets it; the error page of src/modules/errors shows it; moving to
 * another page, "Try again" and sign-out clear it.
 */
export const errorStore = {
  get: (): ErrorState | null => current,
  /** The path stored by the last catalogued error (kept after the error is cleared, until sign-out). */
  redirectTarget: (): string | null => redirectTarget,
  set(state: ErrorState): void {
    current = state;
    redirectTarget = state.redirectUrl;
    notify();
  },
  clear(): void {
    if (current === null) return;
    current = null;
    notify();
  },
  /** Sign-out: everything held goes. */
  reset(): void {
    current = null;
    redirectTarget = null;
    notify();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
