import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { OnboardingKey } from '../domain/onboardingSteps.ts';
import { type RequestFailure, toRequestFailure } from '../domain/requestFailure.ts';
import type { UserData } from '../domain/userData.ts';

export type CurrentUserContext = {
  user: UserData | null;
  error: RequestFailure | null;
};

export type CurrentUserEvent =
  | { type: 'user.reload' }
  | { type: 'session.signOut' }
  /** The server kept a tour's step: the user's data follows, so the area resumes there without a reload. */
  | { type: 'user.onboardingStep'; key: OnboardingKey; step: number }
  /** The server changed one of the user's settings (user_data/ POST). */
  | { type: 'user.setting'; key: 'show_msg' | 'first_login_workbench'; value: boolean };

/**
 * The signed-in user of the workbench: loaded on start (GET user_data/), reloadable, and reset by sign-out.
 * Changes the server confirmed (a tour's step, a setting) are applied to the user held while ready.
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
    keepOnboardingStep: assign({
      user: ({ context, event }) =>
        context.user && event.type === 'user.onboardingStep'
          ? {
              ...context.user,
              onboarding_steps: { ...context.user.onboarding_steps, [event.key]: event.step },
            }
          : context.user,
    }),
    keepSetting: assign({
      user: ({ context, event }) =>
        context.user && event.type === 'user.setting'
          ? { ...context.user, [event.key]: event.value }
          : context.user,
    }),
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
      on: {
        'user.reload': 'loading',
        'session.signOut': 'signingOut',
        'user.onboardingStep': { actions: 'keepOnboardingStep' },
        'user.setting': { actions: 'keepSetting' },
      },
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
