/** The search debounce. */
export const SEARCH_DEBOUNCE_MS = 300;

export type Debounced<A extends unknown[]> = {
  (...args: A): void;
  /** Drops the pending call, if any. */
  cancel: () => void;
  /** Runs the pending call now, if any. */
  flush: () => void;
  /** Whether a call is waiting for its delay. */
  pending: () => boolean;
};

/**
 * Framework-free trailing debounce: `fn` runs once, `wait` ms after the last call, with the last
 * arguments. Uses the global timers, so tests drive it with fake timers.
 */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, wait: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastArgs: A | undefined;

  const run = () => {
    const args = lastArgs;
    timer = undefined;
    lastArgs = undefined;
    if (args) fn(...args);
  };

  const debounced = (...args: A) => {
    lastArgs = args;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(run, wait);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    lastArgs = undefined;
  };
  debounced.flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    run();
  };
  debounced.pending = () => timer !== undefined;
  return debounced;
}
