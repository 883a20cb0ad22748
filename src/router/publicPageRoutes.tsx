import { createRoute, redirect } from '@tanstack/react-router';
import { normaliseUnsubPath } from '../../domain/unsubPath.ts';
import { StatePanel } from '../ui/StatePanel.tsx';
import { rootRoute } from './rootRoute.tsx';

/** The path this document was loaded at: the server answered it with the workbench, not the public build. */
const documentPathname = typeof window === 'undefined' ? '' : window.location.pathname;

/**
 * The recipients' pages (/unsub/{unsubid}, /unsub/i2c/{unsubid}, /resub/i2c/{unsubid}, /unsub-success,
 * /unsub/) belong to the separate public build, which the server serves at those paths. Reached inside the
 * workbench (a link, Back), they load as a full page; a repeated "unsub" is normalised first
 * (/unsub/unsub/abc -> /unsub/abc). Only when the workbench itself was served at such a path (the Vite
 * dev server, which serves one build) does it say so instead of reloading forever.
 */
export function toPublicBuild({ location }: { location: { pathname: string; href: string } }): void {
  const normalised = normaliseUnsubPath(location.pathname);
  const searchAndHash = location.href.slice(location.pathname.length);
  const href = normalised ? `${normalised}${searchAndHash}` : location.href;
  if (!normalised && location.pathname === documentPathname) return;
  throw redirect({ href, reloadDocument: true, replace: true });
}

function ServedByPublicBuild() {
  return (
    <main id="main" tabIndex={-1} style={{ padding: '48px 16px' }}>
      <StatePanel kind="info" title="This is a recipient page">
        Preference, unsubscribe and resubscribe pages are served by the server from the public build. Open
        this address on the server (npm start) rather than the development server.
      </StatePanel>
    </main>
  );
}

const publicPage = <TPath extends string>(path: TPath) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    beforeLoad: toPublicBuild,
    component: ServedByPublicBuild,
  });

export const unsubRoutes = publicPage('/unsub/$');
export const resubRoutes = publicPage('/resub/$');
export const unsubSuccessRoute = publicPage('/unsub-success');

export const publicPageRoutes = [unsubRoutes, resubRoutes, unsubSuccessRoute] as const;
