import { signInTarget } from '../../domain/signInTarget.ts';
import { configuredAuthOrigin } from '../api/serviceBases.ts';
import { sessionStore } from '../api/sessionStore.ts';
import type { SignInNotice } from './routeTable.ts';

/** The part of the router this needs (kept narrow so it can be called from the request layer's handler). */
export type SignInNavigator = {
  navigate: (options: {
    to: '/';
    search: { redirect?: string; notice?: SignInNotice };
    replace?: boolean;
  }) => unknown;
  clearCache: () => void;
  state: { location: { href: string } };
};

/**
 * Ends the browser session and goes to sign-in: / on a local host (with the path to come back to),
 * otherwise the login page of the auth origin. Used after an HTTP 403 and by the route guard.
 */
export function sendToSignIn(router: SignInNavigator, notice?: SignInNotice): void {
  sessionStore.end();
  router.clearCache();
  const target = signInTarget({
    hostname: window.location.hostname,
    origin: window.location.origin,
    authOrigin: configuredAuthOrigin,
    returnPath: router.state.location.href,
  });
  if (target.kind === 'external') {
    window.location.assign(target.href);
    return;
  }
  void router.navigate({ to: '/', search: { redirect: target.redirect, notice }, replace: true });
}
