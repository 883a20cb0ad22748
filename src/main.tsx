import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { sessionStore } from './api/sessionStore.ts';
import { watchFailedStylesheets } from './modules/shared/utils/restoreFailedStylesheets.ts';
import { appRouter } from './router/appRouter.ts';
import { connectRequestLayer } from './router/connectRequestLayer.ts';
import './ui/tokens.css';

// The error catalogue: an HTTP 403 ends the session and goes to sign-in; a 200 "permission denied" goes
// back by origin, then to /permission_denied.
connectRequestLayer(appRouter);

// A screen's stylesheet that fails to load is noted, to load it again when the screen is retried.
watchFailedStylesheets();

// Signed in or out in another tab: re-run the guards of the current page.
sessionStore.subscribe((source) => {
  if (source === 'other-tab') void appRouter.invalidate();
});

// A page restored from the back/forward cache after sign-out would show its old content without running
// any code: reload it so the guard decides again.
window.addEventListener('pageshow', (event) => {
  if (event.persisted) window.location.reload();
});

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={appRouter} />
  </StrictMode>,
);
