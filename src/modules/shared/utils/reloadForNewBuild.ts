import { STALE_RELOAD_GUARD_MS } from '../../../../domain/screenRecovery.ts';

const KEY = 'wb:new-build-reload';

/**
 * A newer deploy replaced the files this tab knows: loads the page again at its address, once. Answers
 * false, and loads nothing, when this address was loaded again for that reason within
 * STALE_RELOAD_GUARD_MS (the new build fails too: the error stays on screen with its button).
 */
export function reloadForNewBuild(): boolean {
  const href = window.location.href;
  const now = Date.now();
  try {
    const last = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { href?: string; at?: number } | null;
    if (last?.href === href && typeof last.at === 'number' && now - last.at < STALE_RELOAD_GUARD_MS)
      return false;
    sessionStorage.setItem(KEY, JSON.stringify({ href, at: now }));
  } catch {
    // No session storage: load again all the same (at worst once per failure, never in a loop of its own).
  }
  window.location.reload();
  return true;
}
