import { createRouter } from '@tanstack/react-router';
import { RouteErrorPanel } from '../modules/shared/components/RouteErrorPanel.tsx';
import { parsePlainSearch, stringifyPlainSearch } from './plainSearch.ts';
import { routeTree } from './routeTree.ts';

export const appRouter = createRouter({
  routeTree,
  defaultPreload: false,
  scrollRestoration: true,
  // Nothing is cached between navigations: every entry into the workbench re-runs its guard.
  defaultStaleTime: 0,
  defaultGcTime: 0,
  // A screen that fails (its code could not be loaded, or it threw) is replaced by this panel, inside the
  // shell: the navigation stays, and a screen that could not be loaded opens once the server answers.
  defaultErrorComponent: RouteErrorPanel,
  parseSearch: parsePlainSearch,
  stringifySearch: stringifyPlainSearch,
});

declare module '@tanstack/react-router' {
  // Module augmentation must be an interface: it registers the route tree for typed links.
  interface Register {
    router: typeof appRouter;
  }
}
