/** After a screen failed to load, how often the workbench looks whether the server answers again (ms). */
export const SCREEN_RETRY_MS = 3000;

/**
 * A page loaded again for a newer build is not loaded again for the same address within this long (ms):
 * a deploy that is itself broken shows the error with its button instead of reloading without end.
 */
export const STALE_RELOAD_GUARD_MS = 60_000;
