import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import {
  type EditionSendInfo,
  isSendMoving,
  type PreflightResult,
  type RecipientsCount,
  type ResendTarget,
  SCHEDULED_POLL_MS,
  SEND_PROGRESS_POLL_MS,
  type SendOutcome,
} from '../domain/editionSend.ts';
import { NOT_PREMIUM } from '../domain/sendSchemas.ts';

export type PublishIntent = 'send' | 'schedule';
export type ScheduleAt = { date: string; time: string };

export type PublishInput = { versionId: number; send: EditionSendInfo | null };

/** What the `check` actor is given (it makes sure what the screen shows is saved, then looks). */
export type PublishCheckRequest = { versionId: number };
export type PublishCheckResult = { preflight: PreflightResult; recipients: RecipientsCount };

/** What the `submit` actor is given: send now, or schedule (also a reschedule). */
export type PublishSubmitRequest = {
  versionId: number;
  intent: PublishIntent;
  at: ScheduleAt | null;
  confirmWarnings: boolean;
};

export type PublishControlRequest = { sendId: number; action: 'pause' | 'resume' };
export type PublishResendRequest = { versionId: number; to: ResendTarget };

export type PublishContext = {
  versionId: number;
  intent: PublishIntent | null;
  at: ScheduleAt | null;
  preflight: PreflightResult | null;
  recipients: RecipientsCount | null;
  send: EditionSendInfo | null;
  /** The last refusal or failure, shown until the next try. */
  message: string | null;
};

export type PublishEvent =
  /** Look: the preflight and the recipients count of the edition as the screen shows it. */
  | { type: 'publish.check' }
  | { type: 'publish.send' }
  | { type: 'publish.schedule'; at: ScheduleAt }
  | { type: 'publish.reschedule'; at: ScheduleAt }
  | { type: 'publish.confirm' }
  | { type: 'publish.cancel' }
  | { type: 'publish.dismiss' }
  | { type: 'publish.cancelSchedule' }
  | { type: 'publish.pause' }
  | { type: 'publish.resume' }
  | { type: 'publish.resend'; to: ResendTarget };

const failureText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Try again.';

/** How a look, a send or a schedule starts (from idle, after a failure, or over a look under way). */
const START = {
  'publish.check': { target: '#publish.checking', reenter: true, actions: 'startLooking' },
  'publish.send': { target: '#publish.checking', reenter: true, actions: 'startSend' },
  'publish.schedule': { target: '#publish.checking', reenter: true, actions: 'startSchedule' },
} as const;

const placeholder = (name: string) => async () => {
  throw new Error(`publishMachine: no ${name} actor was provided`);
};

/**
 * The publish step of an edition (spec 02 sections 4, 5, 8): check, confirm, send or schedule, then follow.
 *
 * - `idle`: `publish.check` looks, `publish.send` and `publish.schedule` start a send: each goes to
 *   `checking`, whose `check` actor first makes sure what the screen shows is saved (the autosave), then
 *   asks the server's preflight (every rule a send checks) and counts the recipients.
 * - `checking` -> back to `idle` when only looking, or when the preflight found errors (they block, and
 *   say what to fix); `notPremium` (the popup) when the plan is what refuses; else `confirming` (the
 *   confirmation names the count and asks about the warnings). A failure goes to `failed`. A send or a
 *   schedule asked for during a look checks again for it.
 * - `confirming`: `publish.confirm` -> `sending` (the `submit` actor, with confirm_warnings when there were
 *   warnings); `publish.cancel` -> `idle`.
 * - `sending` -> `scheduled` or `sent`; the not-premium refusal -> `notPremium`; any other refusal ->
 *   `idle` with its message (and the preflight it came with); a failure -> `failed`.
 * - `scheduled`: cancel (-> `idle`) or reschedule; looked at every 15 s: once it has started -> `sent`.
 * - `sent`: the send's progress, refreshed every 2 s while it is queued and while its emails are on their
 *   way; pause, resume (a paused send, or one whose walk failed) and resend.
 * - `notPremium` and `failed`: `publish.dismiss` -> back where the edition is (idle, scheduled or sent).
 *
 * Every actor is a placeholder: the screen provides the real calls with `machine.provide({ actors })`.
 */
export const publishMachine = setup({
  types: {
    context: {} as PublishContext,
    events: {} as PublishEvent,
    input: {} as PublishInput,
  },
  actors: {
    check: fromPromise<PublishCheckResult, PublishCheckRequest>(placeholder('check')),
    submit: fromPromise<SendOutcome, PublishSubmitRequest>(placeholder('submit')),
    cancelSchedule: fromPromise<void, { versionId: number }>(placeholder('cancelSchedule')),
    refresh: fromPromise<EditionSendInfo | null, { versionId: number }>(placeholder('refresh')),
    control: fromPromise<void, PublishControlRequest>(placeholder('control')),
    resend: fromPromise<SendOutcome, PublishResendRequest>(placeholder('resend')),
  },
  delays: {
    progressPoll: SEND_PROGRESS_POLL_MS,
    scheduledPoll: SCHEDULED_POLL_MS,
  },
  guards: {
    isScheduled: ({ context }) => context.send?.status === 'scheduled',
    hasStarted: ({ context }) =>
      context.send !== null && ['sending', 'paused', 'sent', 'failed'].includes(context.send.status),
    isMoving: ({ context }) => isSendMoving(context.send),
    onlyLooking: ({ context }) => context.intent === null,
    hasErrors: (_, params: { result: PublishCheckResult }) => params.result.preflight.errors.length > 0,
    planRefuses: (_, params: { result: PublishCheckResult }) =>
      params.result.preflight.errors.some((finding) => finding.code === NOT_PREMIUM),
    isNotPremium: (_, params: { outcome: SendOutcome }) =>
      params.outcome.outcome === 'refused' && params.outcome.kind === 'not_premium',
    isRefused: (_, params: { outcome: SendOutcome }) => params.outcome.outcome === 'refused',
    wasScheduled: (_, params: { outcome: SendOutcome }) =>
      params.outcome.outcome === 'done' && params.outcome.send.status === 'scheduled',
    startedElsewhere: (_, params: { send: EditionSendInfo | null }) =>
      params.send !== null && ['sending', 'paused', 'sent', 'failed'].includes(params.send.status),
    noLongerScheduled: (_, params: { send: EditionSendInfo | null }) =>
      params.send === null || params.send.status === 'cancelled',
  },
  actions: {
    startLooking: assign({ intent: () => null, message: () => null }),
    startSend: assign({ intent: () => 'send' as const, at: () => null, message: () => null }),
    startSchedule: assign({
      intent: () => 'schedule' as const,
      message: () => null,
      at: ({ event }) => (event.type === 'publish.schedule' ? event.at : null),
    }),
    keepCheck: assign({
      preflight: (_, params: { result: PublishCheckResult }) => params.result.preflight,
      recipients: (_, params: { result: PublishCheckResult }) => params.result.recipients,
    }),
    blockedByErrors: assign({
      message: () => 'Fix what the preflight found before sending.',
    }),
    planMessage: assign({
      message: (_, params: { result: PublishCheckResult }) =>
        params.result.preflight.errors.find((finding) => finding.code === NOT_PREMIUM)?.message ?? null,
    }),
    keepRefusal: assign({
      message: (_, params: { outcome: SendOutcome }) =>
        params.outcome.outcome === 'refused' ? params.outcome.message : null,
      preflight: ({ context }, params: { outcome: SendOutcome }) =>
        params.outcome.outcome === 'refused' && params.outcome.preflight
          ? params.outcome.preflight
          : context.preflight,
    }),
    keepOutcome: assign({
      send: ({ context }, params: { outcome: SendOutcome }) =>
        params.outcome.outcome === 'done' ? params.outcome.send : context.send,
    }),
    keepSend: assign({ send: (_, params: { send: EditionSendInfo | null }) => params.send }),
    forgetSend: assign({ send: () => null, intent: () => null, message: () => null }),
    keepFailure: assign({ message: (_, params: { error: unknown }) => failureText(params.error) }),
    clearMessage: assign({ message: () => null }),
    keepReschedule: assign({ at: (_, params: { at: ScheduleAt }) => params.at, message: () => null }),
  },
}).createMachine({
  id: 'publish',
  context: ({ input }) => ({
    versionId: input.versionId,
    intent: null,
    at: null,
    preflight: null,
    recipients: null,
    send: input.send,
    message: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'isScheduled', target: 'scheduled' },
        { guard: 'hasStarted', target: 'sent' },
        { target: 'idle' },
      ],
    },
    idle: {
      on: { ...START, 'publish.dismiss': { actions: 'clearMessage' } },
    },
    checking: {
      invoke: {
        id: 'check',
        src: 'check',
        input: ({ context }) => ({ versionId: context.versionId }),
        onDone: [
          {
            guard: 'onlyLooking',
            target: 'idle',
            actions: { type: 'keepCheck', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'planRefuses', params: ({ event }) => ({ result: event.output }) },
            target: 'notPremium',
            actions: [
              { type: 'keepCheck', params: ({ event }) => ({ result: event.output }) },
              { type: 'planMessage', params: ({ event }) => ({ result: event.output }) },
            ],
          },
          {
            guard: { type: 'hasErrors', params: ({ event }) => ({ result: event.output }) },
            target: 'idle',
            actions: [
              { type: 'keepCheck', params: ({ event }) => ({ result: event.output }) },
              'blockedByErrors',
            ],
          },
          {
            target: 'confirming',
            actions: { type: 'keepCheck', params: ({ event }) => ({ result: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        // A look under way (after an autosave) gives way to a send or a schedule: checked again for it.
        'publish.send': { ...START['publish.send'], guard: 'onlyLooking' },
        'publish.schedule': { ...START['publish.schedule'], guard: 'onlyLooking' },
      },
    },
    confirming: {
      on: {
        'publish.confirm': { target: 'sending' },
        'publish.cancel': { target: 'idle' },
      },
    },
    sending: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({
          versionId: context.versionId,
          intent: context.intent ?? 'send',
          at: context.at,
          confirmWarnings: (context.preflight?.warnings.length ?? 0) > 0,
        }),
        onDone: [
          {
            guard: { type: 'isNotPremium', params: ({ event }) => ({ outcome: event.output }) },
            target: 'notPremium',
            actions: { type: 'keepRefusal', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ outcome: event.output }) },
            target: 'idle',
            actions: { type: 'keepRefusal', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            guard: { type: 'wasScheduled', params: ({ event }) => ({ outcome: event.output }) },
            target: 'scheduled',
            actions: { type: 'keepOutcome', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            target: 'sent',
            actions: { type: 'keepOutcome', params: ({ event }) => ({ outcome: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    notPremium: {
      on: { 'publish.dismiss': { target: 'start', actions: 'clearMessage' } },
    },
    failed: {
      on: { ...START, 'publish.dismiss': { target: 'start', actions: 'clearMessage' } },
    },
    scheduled: {
      initial: 'waiting',
      states: {
        waiting: {
          after: { scheduledPoll: { target: 'looking' } },
          on: {
            'publish.cancelSchedule': { target: 'cancelling', actions: 'clearMessage' },
            'publish.reschedule': {
              target: 'rescheduling',
              actions: { type: 'keepReschedule', params: ({ event }) => ({ at: event.at }) },
            },
            'publish.dismiss': { actions: 'clearMessage' },
          },
        },
        looking: {
          invoke: {
            id: 'refresh',
            src: 'refresh',
            input: ({ context }) => ({ versionId: context.versionId }),
            onDone: [
              {
                guard: { type: 'startedElsewhere', params: ({ event }) => ({ send: event.output }) },
                target: '#publish.sent',
                actions: { type: 'keepSend', params: ({ event }) => ({ send: event.output }) },
              },
              {
                guard: { type: 'noLongerScheduled', params: ({ event }) => ({ send: event.output }) },
                target: '#publish.idle',
                actions: 'forgetSend',
              },
              {
                target: 'waiting',
                actions: { type: 'keepSend', params: ({ event }) => ({ send: event.output }) },
              },
            ],
            onError: { target: 'waiting' },
          },
        },
        cancelling: {
          invoke: {
            id: 'cancelSchedule',
            src: 'cancelSchedule',
            input: ({ context }) => ({ versionId: context.versionId }),
            onDone: { target: '#publish.idle', actions: 'forgetSend' },
            onError: {
              target: 'waiting',
              actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        rescheduling: {
          invoke: {
            id: 'reschedule',
            src: 'submit',
            input: ({ context }) => ({
              versionId: context.versionId,
              intent: 'schedule' as const,
              at: context.at,
              confirmWarnings: true,
            }),
            onDone: [
              {
                guard: { type: 'isNotPremium', params: ({ event }) => ({ outcome: event.output }) },
                target: '#publish.notPremium',
                actions: { type: 'keepRefusal', params: ({ event }) => ({ outcome: event.output }) },
              },
              {
                guard: { type: 'isRefused', params: ({ event }) => ({ outcome: event.output }) },
                target: 'waiting',
                actions: { type: 'keepRefusal', params: ({ event }) => ({ outcome: event.output }) },
              },
              {
                target: 'waiting',
                actions: { type: 'keepOutcome', params: ({ event }) => ({ outcome: event.output }) },
              },
            ],
            onError: {
              target: 'waiting',
              actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    sent: {
      initial: 'routing',
      states: {
        routing: {
          always: [{ guard: 'isMoving', target: 'watching' }, { target: 'settled' }],
        },
        watching: {
          after: { progressPoll: { target: 'refreshing' } },
          on: {
            'publish.pause': { target: 'pausing', actions: 'clearMessage' },
            'publish.dismiss': { actions: 'clearMessage' },
          },
        },
        settled: {
          on: {
            'publish.resume': { target: 'resuming', actions: 'clearMessage' },
            'publish.resend': { target: 'resending', actions: 'clearMessage' },
            'publish.dismiss': { actions: 'clearMessage' },
          },
        },
        refreshing: {
          invoke: {
            id: 'refresh',
            src: 'refresh',
            input: ({ context }) => ({ versionId: context.versionId }),
            onDone: {
              target: 'routing',
              actions: {
                type: 'keepSend',
                params: ({ context, event }) => ({ send: event.output ?? context.send }),
              },
            },
            onError: { target: 'watching' },
          },
        },
        pausing: {
          invoke: {
            id: 'pause',
            src: 'control',
            input: ({ context }) => ({ sendId: context.send?.send_id ?? 0, action: 'pause' as const }),
            onDone: { target: 'refreshing' },
            onError: {
              target: 'refreshing',
              actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        resuming: {
          invoke: {
            id: 'resume',
            src: 'control',
            input: ({ context }) => ({ sendId: context.send?.send_id ?? 0, action: 'resume' as const }),
            onDone: { target: 'refreshing' },
            onError: {
              target: 'refreshing',
              actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        resending: {
          invoke: {
            id: 'resend',
            src: 'resend',
            input: ({ context, event }) => ({
              versionId: context.versionId,
              to: event.type === 'publish.resend' ? event.to : ('new_contacts' as const),
            }),
            onDone: [
              {
                guard: { type: 'isNotPremium', params: ({ event }) => ({ outcome: event.output }) },
                target: '#publish.notPremium',
                actions: { type: 'keepRefusal', params: ({ event }) => ({ outcome: event.output }) },
              },
              {
                guard: { type: 'isRefused', params: ({ event }) => ({ outcome: event.output }) },
                target: 'settled',
                actions: { type: 'keepRefusal', params: ({ event }) => ({ outcome: event.output }) },
              },
              {
                target: 'routing',
                actions: { type: 'keepOutcome', params: ({ event }) => ({ outcome: event.output }) },
              },
            ],
            onError: {
              target: 'settled',
              actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});

export type PublishActor = ActorRefFrom<typeof publishMachine>;
