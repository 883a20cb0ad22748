import { createRootRoute, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../modules/shell/components/NotFoundPage.tsx';
import { RouteFocus } from '../modules/shell/components/RouteFocus.tsx';

export const rootRoute = createRootRoute({
  component: function RootLayout() {
    return (
      <>
        <RouteFocus />
        <Outlet />
      </>
    );
  },
  notFoundComponent: NotFoundPage,
});
