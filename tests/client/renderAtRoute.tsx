import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { FunctionComponent } from 'react';
import {
  appServices,
  type Services,
  ServicesContext,
} from '../../src/modules/shared/hooks/ServicesContext.ts';
import { pagedListRouteSearch } from '../../src/router/pagedListRouteSearch.ts';

type Options = {
  /** The route's path pattern ('/mailbox', '/audiences/{-$page}/{-$tab}/{-$subTab}'). */
  path: string;
  /** The address it opens at. */
  at: string;
  component: FunctionComponent;
  /** The services with some calls replaced. */
  services?: Partial<Services>;
  /** The route types a list's search (q, filter, sort, offset) as a list's route does. */
  pagedList?: boolean;
};

/** A screen at its route, in a memory router, with the app's services (some replaced): returns the router. */
export function renderAtRoute({ path, at, component, services = {}, pagedList = false }: Options) {
  const root = createRootRoute();
  const route = createRoute({
    getParentRoute: () => root,
    path,
    ...(pagedList ? pagedListRouteSearch() : {}),
    component,
  });
  const router = createRouter({
    routeTree: root.addChildren([route]),
    history: createMemoryHistory({ initialEntries: [at] }),
  });
  render(
    <ServicesContext.Provider value={{ ...appServices, ...services }}>
      <RouterProvider router={router} />
    </ServicesContext.Provider>,
  );
  return router;
}
