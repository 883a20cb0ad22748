import { permissionDeniedPath, permissionReturnPath } from '../../domain/permissionReturnPath.ts';
import { errorStore } from '../api/errorStore.ts';

/** The part of the router this needs (narrow, so the request layer's handler and tests can call it). */
export type PermissionNavigator = {
  navigate: (options: { href: string; replace?: boolean }) => Promise<void>;
};

export const PERMISSION_DENIED_PATHNAME = '/permission_denied';

/**
 * A permission error: the current address is stored as the redirect target,
 * error 403 is set, the forbidden page is replaced in history by where its origin sends the person back to
 * (from=campaign, from=emailEngagement, from=publish, automation, then the path prefix; default campaigns),
 * and /permission_denied?error={code} is opened on top: Back returns to that origin, never to the page
 * that was refused. The two steps are two navigations, one after the other (the browser history batches
 * changes made in one tick into one entry). Permission errors while this runs are ignored (no loop).
 */
let running = false;

export async function sendToPermissionDenied(
  router: PermissionNavigator,
  code: number | string = 403,
): Promise<void> {
  const { pathname, search, hash } = window.location;
  if (pathname === PERMISSION_DENIED_PATHNAME || running) return;
  errorStore.set({ status: 403, redirectUrl: `${pathname}${search}${hash}` });
  const back = permissionReturnPath({
    pathname,
    search: Object.fromEntries(new URLSearchParams(search)),
  });
  running = true;
  try {
    await router.navigate({ href: back, replace: true });
    await router.navigate({ href: permissionDeniedPath(code) });
  } finally {
    running = false;
  }
}
