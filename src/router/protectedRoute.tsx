import { createRoute, redirect } from '@tanstack/react-router';
import { configuredAuthOrigin } from '../api/serviceBases.ts';
import { sessionStore } from '../api/sessionStore.ts';
import { signInTarget } from '../domain/signInTarget.ts';
import { AppShell } from '../modules/shell/components/AppShell.tsx';
import { rootRoute } from './rootRoute.tsx';

/**
 * The layout of the signed-in workbench. Its guard runs on every navigation into it, Back and Forward
 * included: without a session (spec 01 section 6) a local host goes to /, any other host to the login
 * page of the auth origin with redirectURL = this origin.
 */
export const protectedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'workbench',
  beforeLoad: ({ location }) => {
    if (sessionStore.hasSession()) return;
    const target = signInTarget({
      hostname: window.location.hostname,
      origin: window.location.origin,
      authOrigin: configuredAuthOrigin,
      returnPath: location.href,
    });
    if (target.kind === 'external') throw redirect({ href: target.href, reloadDocument: true });
    throw redirect({ to: '/', search: { redirect: target.redirect, notice: undefined }, replace: true });
  },
  component: AppShell,
});
