import { setForbiddenHandler, setPermissionHandler } from '../api/client.ts';
import { errorStore } from '../api/errorStore.ts';
import { sessionStore } from '../api/sessionStore.ts';
import { type PermissionNavigator, sendToPermissionDenied } from './sendToPermissionDenied.ts';
import { type SignInNavigator, sendToSignIn } from './sendToSignIn.ts';

/**
 * Wires the request layer's error catalogue to the router: an HTTP 403 ends the session and goes to
 * sign-in with a redirect back; a 200 "permission denied" goes back by origin, then to /permission_denied.
 * The session ending (here or in another tab) drops the global error state.
 */
export function connectRequestLayer(router: SignInNavigator & PermissionNavigator): () => void {
  setForbiddenHandler(() => sendToSignIn(router, 'session-ended'));
  setPermissionHandler(() => void sendToPermissionDenied(router));
  return sessionStore.subscribe(() => {
    if (!sessionStore.hasSession()) errorStore.reset();
  });
}
