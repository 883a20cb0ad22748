import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { type RequestFailure, toRequestFailure } from '../domain/requestFailure.ts';
import type { UserData } from '../domain/userData.ts';

export type CurrentUserContext = {
  user: UserData | null;
  error: RequestFailure | null;
};

export type CurrentUserEvent = { type: 'user.reload' } | { type: 'session.signOut' };

/**
 * The signed-in user of the workbench: loaded on start (GET user_data/), reloadable, and reset by sign-out.
 * `session.signOut` clears everything the machine holds at once, then runs the `signOut` actor (the app
 * calls logout/ and ends the browser session) and stops in `signedOut`.
 */
export const currentUserMachine = setup({
  types: {
    context: {} as CurrentUserContext,
    events: {} as CurrentUserEvent,
  },
  actors: {
    loadUser: fromPromise<UserData>(async () => {
      throw new Error('currentUser: no loadUser actor was provided');
    }),
    signOut: fromPromise<void>(async () => {}),
  },
  actions: {
    clearAll: assign({ user: () => null, error: () => null }),
  },
}).createMachine({
  id: 'currentUser',
  initial: 'loading',
  context: { user: null, error: null },
  states: {
    loading: {
      invoke: {
        src: 'loadUser',
        onDone: {
          target: 'ready',
          actions: assign({ user: ({ event }) => event.output, error: () => null }),
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => toRequestFailure(event.error) }),
        },
      },
      on: { 'session.signOut': 'signingOut' },
    },
    ready: {
      on: { 'user.reload': 'loading', 'session.signOut': 'signingOut' },
    },
    failed: {
      on: { 'user.reload': 'loading', 'session.signOut': 'signingOut' },
    },
    signingOut: {
      entry: 'clearAll',
      invoke: { src: 'signOut', onDone: 'signedOut', onError: 'signedOut' },
    },
    signedOut: { type: 'final' },
  },
});

export type CurrentUserActor = ActorRefFrom<typeof currentUserMachine>;
