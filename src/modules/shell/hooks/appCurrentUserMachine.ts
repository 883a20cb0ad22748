import { fromPromise } from 'xstate';
import { currentUserMachine } from '../../../../machines/currentUserMachine.ts';
import { authApi } from '../../../api/authApi.ts';
import { sessionStore } from '../../../api/sessionStore.ts';
import { userApi } from '../../../api/userApi.ts';
import { appSessionActor } from './appSessionActor.ts';

/**
 * currentUserMachine wired to the API: loads GET user_data/ (and hands the user to the session actor),
 * and signs out through logout/.
 */
export const appCurrentUserMachine = currentUserMachine.provide({
  actors: {
    loadUser: fromPromise(async ({ signal }) => {
      const user = await userApi.userData(signal);
      appSessionActor.send({ type: 'session.signIn', user });
      return user;
    }),
    signOut: fromPromise(async () => {
      try {
        await authApi.logout();
      } catch {
        // The session may already be gone on the server; the browser session ends all the same.
      } finally {
        sessionStore.end();
      }
    }),
  },
});
