/**
 * `npm run bench:builder`'s fallback page: the real builder page (WorkflowBuilderPage: the canvas, the
 * node editors, the engine with IndexedDB and the tab relay, the real API on the same origin) mounted in a
 * minimal router, for when /automation/details does not render the builder yet. Bundled by
 * bench/builder.ts with esbuild (React in production mode); nothing here is used by the app. The only
 * difference from the app is the shell: no app header, no route guards (the session cookie is set by the
 * bench).
 */
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { createRoot } from 'react-dom/client';
import '../src/ui/tokens.css';
import { WorkflowBuilderPage } from '../src/modules/automation/builder/WorkflowBuilderPage.tsx';
import { ToastProvider } from '../src/ui/ToastProvider.tsx';

const workflowId = Number(new URLSearchParams(window.location.search).get('workflow_id'));
const root = createRootRoute({
  component: () => (
    <ToastProvider>
      <Outlet />
    </ToastProvider>
  ),
});
const page = createRoute({
  getParentRoute: () => root,
  path: '/__bench/page.html',
  component: () => <WorkflowBuilderPage workflowId={workflowId} />,
});
const list = createRoute({
  getParentRoute: () => root,
  path: '/automation',
  component: () => <p>Workflows</p>,
});
const router = createRouter({ routeTree: root.addChildren([page, list]) });

const element = document.getElementById('root');
if (!element) throw new Error('no #root');
createRoot(element).render(<RouterProvider router={router} />);
