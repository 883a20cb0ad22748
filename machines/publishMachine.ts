import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import {
  type EditionSendInfo,
  type PreflightResult,
  type PublishConfiguration,
  type RecipientsCount,
  type ResendTarget,
  SCHEDULED_POLL_MS,
  SEND_PROGRESS_POLL_MS,
  type SendOutcome,
} from '../domain/editionSend.ts';

export type PublishIntent = 'send' | 'schedule';
export type ScheduleAt = { date: string; time: string };

export type PublishInput = { versionId: number; send: EditionSendInfo | null };

/** What the `check` actor is given: the configuration to save first (none: only look). */
export type PublishCheckRequest = { versionId: number; config: PublishConfiguration | null };
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
  config: PublishConfiguration | null;
  preflight: PreflightResult | null;
  recipients: RecipientsCount | null;
  send: EditionSendInfo | null;
  /** The last refusal or failure, shown until the next try. */
  message: string | null;
};

export type PublishEvent =
  /** Look: with a configuration, it is saved first (the preflight then sees what is on screen). */
  | { type: 'publish.check'; config?: PublishConfiguration | null }
  | { type: 'publish.send'; config: PublishConfiguration }
  | { type: 'publish.schedule'; config: PublishConfiguration; at: ScheduleAt }
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

const placeholder = (name: string) => async () => {
  throw new Error(`publishMachine: no ${name} actor was provided`);
};

/**
 * The publish step of an edition (spec 02 sections 4, 5, 8): check, confirm, send or schedule, then follow.
 *
 * - `idle`: `publish.check` looks (preflight and recipients count); it, `publish.send` and
 *   `publish.schedule` carry the sender, subject and audience, which `checking` saves before it looks.
 * - `checking` (the `check` actor) -> back to `idle` when only looking, when the preflight found errors
 *   (they block) or when nobody would receive it; else `confirming` (the confirmation names the count and
 *   asks about the warnings). A failure goes to `failed`.
 * - `confirming`: `publish.confirm` -> `sending` (the `submit` actor, with confirm_warnings when there were
 *   warnings); `publish.cancel` -> `idle`.
 * - `sending` -> `scheduled` or `sent`; the not-premium refusal -> `notPremium` (the popup); any other
 *   refusal -> `idle` with its message (and the preflight it came with); a failure -> `failed`.
 * - `scheduled`: cancel (-> `idle`) or reschedule; looked at every 15 s: once it has started -> `sent`.
 * - `sent`: the send's progress, refreshed every 2 s while it goes out; pause, resume and resend.
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
      context.send !== null && ['sending', 'paused', 'sent'].includes(context.send.status),
    isMoving: ({ context }) => context.send?.status === 'sending',
    onlyLooking: ({ context }) => context.intent === null,
    hasErrors: (_, params: { result: PublishCheckResult }) => params.result.preflight.errors.length > 0,
    nobodyToReach: (_, params: { result: PublishCheckResult }) => params.result.recipients.count === 0,
    isNotPremium: (_, params: { outcome: SendOutcome }) =>
      params.outcome.outcome === 'refused' && params.outcome.kind === 'not_premium',
    isRefused: (_, params: { outcome: SendOutcome }) => params.outcome.outcome === 'refused',
    wasScheduled: (_, params: { outcome: SendOutcome }) =>
      params.outcome.outcome === 'done' && params.outcome.send.status === 'scheduled',
    startedElsewhere: (_, params: { send: EditionSendInfo | null }) =>
      params.send !== null && ['sending', 'paused', 'sent'].includes(params.send.status),
    noLongerScheduled: (_, params: { send: EditionSendInfo | null }) =>
      params.send === null || params.send.status === 'cancelled' || params.send.status === 'failed',
  },
  actions: {
    startLooking: assign({
      intent: () => null,
      message: () => null,
      config: (_, params: { config: PublishConfiguration | null }) => params.config,
    }),
    startSend: assign({
      intent: () => 'send' as const,
      at: () => null,
      message: () => null,
      config: (_, params: { config: PublishConfiguration }) => params.config,
    }),
    startSchedule: assign({
      intent: () => 'schedule' as const,
      message: () => null,
      config: (_, params: { config: PublishConfiguration; at: ScheduleAt }) => params.config,
      at: (_, params: { config: PublishConfiguration; at: ScheduleAt }) => params.at,
    }),
    keepCheck: assign({
      preflight: (_, params: { result: PublishCheckResult }) => params.result.preflight,
      recipients: (_, params: { result: PublishCheckResult }) => params.result.recipients,
    }),
    blockedByErrors: assign({
      message: () => 'Fix what the preflight found before sending.',
    }),
    nobodyMessage: assign({
      message: () =>
        'Nobody in this audience can receive it: choose lists or contacts with subscribed people.',
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
    config: null,
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
      on: {
        'publish.check': {
          target: 'checking',
          actions: { type: 'startLooking', params: ({ event }) => ({ config: event.config ?? null }) },
        },
        'publish.send': {
          target: 'checking',
          actions: { type: 'startSend', params: ({ event }) => ({ config: event.config }) },
        },
        'publish.schedule': {
          target: 'checking',
          actions: {
            type: 'startSchedule',
            params: ({ event }) => ({ config: event.config, at: event.at }),
          },
        },
        'publish.dismiss': { actions: 'clearMessage' },
      },
    },
    checking: {
      invoke: {
        id: 'check',
        src: 'check',
        input: ({ context }) => ({ versionId: context.versionId, config: context.config }),
        onDone: [
          {
            guard: 'onlyLooking',
            target: 'idle',
            actions: { type: 'keepCheck', params: ({ event }) => ({ result: event.output }) },
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
            guard: { type: 'nobodyToReach', params: ({ event }) => ({ result: event.output }) },
            target: 'idle',
            actions: [
              { type: 'keepCheck', params: ({ event }) => ({ result: event.output }) },
              'nobodyMessage',
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
      on: {
        'publish.dismiss': { target: 'start', actions: 'clearMessage' },
        'publish.check': {
          target: 'checking',
          actions: { type: 'startLooking', params: ({ event }) => ({ config: event.config ?? null }) },
        },
        'publish.send': {
          target: 'checking',
          actions: { type: 'startSend', params: ({ event }) => ({ config: event.config }) },
        },
        'publish.schedule': {
          target: 'checking',
          actions: {
            type: 'startSchedule',
            params: ({ event }) => ({ config: event.config, at: event.at }),
          },
        },
      },
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
