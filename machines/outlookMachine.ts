import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { OutlookState } from '../domain/outlookConnection.ts';

export type OutlookInput = {
  versionId: number;
  campaignId: number | null;
  emailId: number | null;
  outlook: OutlookState;
};

/** What the `route` actor is given: the edition and whether it goes through the mailbox. */
export type OutlookRouteRequest = { campaignId: number; emailId: number; versionId: number; on: boolean };

export type OutlookContext = OutlookInput & {
  /** The last failure, shown until the next try. */
  message: string | null;
};

export type OutlookEvent =
  /** Start connecting (or reconnecting) the mailbox: the browser goes to Microsoft's sign-in. */
  | { type: 'outlook.connect' }
  /** Send this edition through the mailbox (on) or through the organisation's sender (off). */
  | { type: 'outlook.route'; on: boolean };

const failureText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Try again.';

const placeholder = (name: string) => async () => {
  throw new Error(`outlookMachine: no ${name} actor was provided`);
};

/**
 * The publish step's Outlook connection for one edition.
 *
 * - `idle`: what the publish data said (not configured, not connected, connected, connection error).
 *   `outlook.connect` (unless not configured) -> `connecting`; `outlook.route` (connected, or turning it
 *   off) -> `switching`.
 * - `connecting`: the `connect` actor asks for the sign-in address and sends the browser there (it resolves
 *   with nothing, so the address and its state are never in the event log) -> `leaving`; a failure goes
 *   back to `idle` with its message.
 * - `switching`: the `route` actor saves the choice (outlook_authorized/) -> `idle` with it; a failure keeps
 *   the old choice and shows the message.
 */
export const outlookMachine = setup({
  types: {
    input: {} as OutlookInput,
    context: {} as OutlookContext,
    events: {} as OutlookEvent,
  },
  actors: {
    connect: fromPromise<void, { versionId: number }>(placeholder('connect')),
    route: fromPromise<void, OutlookRouteRequest>(placeholder('route')),
  },
  guards: {
    canConnect: ({ context }) => context.outlook.status !== 'notConfigured',
    canRoute: ({ context, event }) =>
      event.type === 'outlook.route' &&
      context.campaignId !== null &&
      context.emailId !== null &&
      (!event.on || context.outlook.status === 'connected'),
  },
  actions: {
    clearMessage: assign({ message: null }),
    assignFailure: assign({ message: ({ event }) => failureText((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'outlook',
  context: ({ input }) => ({ ...input, message: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'outlook.connect': { guard: 'canConnect', target: 'connecting', actions: 'clearMessage' },
        'outlook.route': { guard: 'canRoute', target: 'switching', actions: 'clearMessage' },
      },
    },
    connecting: {
      invoke: {
        src: 'connect',
        input: ({ context }) => ({ versionId: context.versionId }),
        onDone: { target: 'leaving' },
        onError: { target: 'idle', actions: 'assignFailure' },
      },
    },
    leaving: {},
    switching: {
      entry: assign({
        outlook: ({ context, event }) =>
          event.type === 'outlook.route' ? { ...context.outlook, route: event.on } : context.outlook,
      }),
      invoke: {
        src: 'route',
        input: ({ context }) => ({
          campaignId: context.campaignId as number,
          emailId: context.emailId as number,
          versionId: context.versionId,
          on: context.outlook.route,
        }),
        onDone: { target: 'idle' },
        onError: {
          target: 'idle',
          actions: [
            'assignFailure',
            assign({ outlook: ({ context }) => ({ ...context.outlook, route: !context.outlook.route }) }),
          ],
        },
      },
    },
  },
});

export type OutlookActor = ActorRefFrom<typeof outlookMachine>;
