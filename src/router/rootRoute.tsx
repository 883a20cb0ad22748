import { createRootRoute, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../modules/shell/components/NotFoundPage.tsx';
import { RouteFocus } from '../modules/shell/components/RouteFocus.tsx';
import { ToastProvider } from '../ui/ToastProvider.tsx';

export const rootRoute = createRootRoute({
  component: function RootLayout() {
    return (
      <ToastProvider>
        <RouteFocus />
        <Outlet />
      </ToastProvider>
    );
  },
  notFoundComponent: NotFoundPage,
});
