import { appEventLog } from '../../../../machines/appEventLog.ts';
import { createRecordedActor } from '../../../../machines/createRecordedActor.ts';
import { sessionMachine } from '../../../../machines/sessionMachine.ts';
import { sessionStore } from '../../../api/sessionStore.ts';

// Every CSRF token this page has held is a secret of the session log, even after sign-out.
const seenTokens = new Set<string>();
appEventLog.addSecretValues(() => {
  const token = sessionStore.csrfToken();
  if (token) seenTokens.add(token);
  return [...seenTokens];
});

/**
 * The page's session actor (one per page, recorded like every actor). It follows the browser session
 * (sessionStore): a session that begins here or in another tab sends `session.signIn`; one that ends
 * elsewhere (an HTTP 403, another tab) sends `session.ended`. Sign-out from the user menu sends
 * `session.signOut`, the one event that resets every recorded actor.
 */
export const appSessionActor = createRecordedActor(sessionMachine, { name: 'session' }).start();

function follow(): void {
  const signedIn = appSessionActor.getSnapshot().matches('signedIn');
  if (sessionStore.hasSession() && !signedIn) appSessionActor.send({ type: 'session.signIn' });
  else if (!sessionStore.hasSession() && signedIn) appSessionActor.send({ type: 'session.ended' });
}

follow();
sessionStore.subscribe(follow);
