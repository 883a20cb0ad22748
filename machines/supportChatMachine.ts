import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { type RequestFailure, toRequestFailure } from '../domain/requestFailure.ts';
import { type SupportMessage, supportDraftError } from '../domain/supportMessage.ts';

export type SupportChatContext = {
  draft: string;
  /** The person's own messages, oldest first. */
  messages: SupportMessage[];
  /** Why the draft cannot be sent (shown under the field), or why sending failed. */
  sendError: string | null;
  loadError: RequestFailure | null;
};

export type SupportChatEvent =
  | { type: 'support.open' }
  | { type: 'support.close' }
  | { type: 'support.toggle' }
  | { type: 'support.draft.change'; value: string }
  | { type: 'support.send'; page: string }
  | { type: 'support.reload' };

export type SendInput = { message: string; page: string };

/** Send the draft when it is valid; otherwise say why not (a send in flight ignores new sends). */
const SEND = [{ guard: 'canSend', target: 'sending' }, { actions: 'assignDraftError' }] as const;

/**
 * The floating support chat: a panel that opens and closes; the person's own messages, loaded the first
 * time it opens; and sending a message (idle -> sending -> sent | failed). A failed send keeps the draft so
 * it can be sent again. `loadMessages` and `sendMessage` are placeholders the app provides (API calls)
 * and tests replace with `supportChatMachine.provide({ actors })`.
 */
export const supportChatMachine = setup({
  types: {
    context: {} as SupportChatContext,
    events: {} as SupportChatEvent,
  },
  actors: {
    loadMessages: fromPromise<SupportMessage[], void>(async () => {
      throw new Error('supportChatMachine: no loadMessages was provided');
    }),
    sendMessage: fromPromise<SupportMessage, SendInput>(async () => {
      throw new Error('supportChatMachine: no sendMessage was provided');
    }),
  },
  guards: {
    canSend: ({ context }) => supportDraftError(context.draft) === null,
  },
  actions: {
    assignDraft: assign({
      draft: ({ event }) => (event.type === 'support.draft.change' ? event.value : ''),
      sendError: () => null,
    }),
    assignDraftError: assign({ sendError: ({ context }) => supportDraftError(context.draft) }),
  },
}).createMachine({
  id: 'supportChat',
  type: 'parallel',
  context: { draft: '', messages: [], sendError: null, loadError: null },
  states: {
    panel: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'support.open': 'open', 'support.toggle': 'open' },
        },
        open: {
          on: { 'support.close': 'closed', 'support.toggle': 'closed' },
        },
      },
    },
    history: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'support.open': 'loading', 'support.toggle': 'loading' },
        },
        loading: {
          invoke: {
            src: 'loadMessages',
            onDone: {
              target: 'ready',
              // Messages sent while the list loaded are kept after the loaded ones.
              actions: assign({
                messages: ({ context, event }) => [
                  ...event.output,
                  ...context.messages.filter((sent) => !event.output.some((m) => m.id === sent.id)),
                ],
                loadError: () => null,
              }),
            },
            onError: {
              target: 'failed',
              actions: assign({ loadError: ({ event }) => toRequestFailure(event.error) }),
            },
          },
        },
        ready: {},
        failed: {
          on: { 'support.reload': 'loading' },
        },
      },
    },
    send: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'support.draft.change': { actions: 'assignDraft' },
            'support.send': SEND,
          },
        },
        sending: {
          invoke: {
            src: 'sendMessage',
            input: ({ context, event }) => ({
              message: context.draft.trim(),
              page: event.type === 'support.send' ? event.page : '/',
            }),
            onDone: {
              target: 'sent',
              actions: assign({
                messages: ({ context, event }) => [...context.messages, event.output],
                draft: () => '',
                sendError: () => null,
              }),
            },
            onError: {
              target: 'failed',
              actions: assign({ sendError: ({ event }) => toRequestFailure(event.error).message }),
            },
          },
        },
        sent: {
          on: {
            'support.draft.change': { target: 'idle', actions: 'assignDraft' },
            'support.send': SEND,
          },
        },
        failed: {
          on: {
            'support.draft.change': { target: 'idle', actions: 'assignDraft' },
            'support.send': SEND,
          },
        },
      },
    },
  },
});

export type SupportChatActor = ActorRefFrom<typeof supportChatMachine>;
