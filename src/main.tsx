import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setForbiddenHandler } from './api/client.ts';
import { sessionStore } from './api/sessionStore.ts';
import { appRouter } from './router/appRouter.ts';
import { sendToSignIn } from './router/sendToSignIn.ts';
import './ui/tokens.css';

// An HTTP 403 from any call: the session is over (the request layer already cleared it); go to sign-in.
setForbiddenHandler(() => sendToSignIn(appRouter, 'session-ended'));

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
