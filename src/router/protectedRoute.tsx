import { createRoute, redirect, stripSearchParams } from '@tanstack/react-router';
import { signInTarget } from '../../domain/signInTarget.ts';
import { workbenchSearchSchema } from '../../domain/workbenchSearch.ts';
import { configuredAuthOrigin } from '../api/serviceBases.ts';
import { sessionStore } from '../api/sessionStore.ts';
import { AppShell } from '../modules/shell/components/AppShell.tsx';
import { rootRoute } from './rootRoute.tsx';

/**
 * The layout of the signed-in workbench. Its guard runs on every navigation into it, Back and Forward
 * included: without a session a local host goes to /, any other host to the login
 * page of the auth origin with redirectURL = this origin.
 * Every query parameter the specs list is typed here (workbenchSearchSchema) and inherited by every
 * signed-in route; allCampaigns and exportPopup default to false and are left out of addresses when false.
 */
export const protectedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'workbench',
  validateSearch: workbenchSearchSchema,
  search: { middlewares: [stripSearchParams({ allCampaigns: false, exportPopup: false })] },
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
