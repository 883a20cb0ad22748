import { type ActorRefFrom, assign, setup } from 'xstate';
import type { UserData } from '../domain/userData.ts';
import { actorRegistry } from './actorRegistry.ts';

export type SessionContext = {
  /** The signed-in user, once loaded (null while signed out or not loaded yet). */
  user: UserData | null;
};

export type SessionEvent =
  /** A session began (sign-in, SSO, another tab); `user` when it is known. */
  | { type: 'session.signIn'; user?: UserData | null }
  /** Sign-out, the one logout event: every recorded actor is reset. */
  | { type: 'session.signOut' }
  /** The session ended elsewhere (an HTTP 403, another tab): forget the user. */
  | { type: 'session.ended' };

/**
 * The browser session: signedOut or signedIn (with the user). It starts signed out; the app sends
 * `session.signIn` at once when the browser already holds a session. `session.signOut` is the one event that
 * resets all held state ("Logout"): `resetHeldState` sends every recorded actor its
 * reset event or stops it (actorRegistry); the current-user actor's reset ends the session on the server.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actions: {
    assignUser: assign({
      user: ({ context, event }) =>
        event.type === 'session.signIn' && event.user !== undefined ? event.user : context.user,
    }),
    clearUser: assign({ user: () => null }),
    resetHeldState: ({ self }) => actorRegistry.resetAll(self),
  },
}).createMachine({
  id: 'session',
  initial: 'signedOut',
  context: { user: null },
  states: {
    signedOut: {
      on: { 'session.signIn': { target: 'signedIn', actions: 'assignUser' } },
    },
    signedIn: {
      on: {
        'session.signIn': { actions: 'assignUser' },
        'session.ended': { target: 'signedOut', actions: 'clearUser' },
      },
    },
  },
  on: {
    // In any state: signing out always resets everything held, even when the session looked over already.
    'session.signOut': { target: '.signedOut', actions: ['clearUser', 'resetHeldState'] },
  },
});

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
