import { type ActorRefFrom, assign, emit, fromPromise, setup } from 'xstate';
import { toRequestFailure } from '../domain/requestFailure.ts';
import { WORKFLOW_TEXTS, type WorkflowStatus, type WorkflowSummary } from '../domain/workflowTypes.ts';

export type WorkflowStatusInput = { workflowId: number; status: WorkflowStatus };

/** What a status change or a publish answers (the list updates its row and its active count). */
export type WorkflowStatusResult = {
  status: WorkflowStatus;
  /** The user's active count after the change, when the server gives it. */
  totalActiveCount: number | null;
  workflow: WorkflowSummary | null;
};

export type ChangeStatusRequest = { workflowId: number; status: 'active' | 'inactive' };
export type PublishRequest = { workflowId: number };

export type WorkflowNotice = {
  tone: 'success' | 'warning' | 'error';
  text: string;
  /** Increases with every notice, so a view shows each one once. */
  seq: number;
};

export type WorkflowStatusContext = {
  workflowId: number;
  status: WorkflowStatus;
  notice: WorkflowNotice | null;
  seq: number;
};

export type WorkflowStatusEvent =
  | { type: 'status.publish' }
  | { type: 'status.pause' }
  | { type: 'status.resume' }
  /** The status became known from elsewhere (a reloaded list or details). */
  | { type: 'status.sync'; status: WorkflowStatus }
  | { type: 'status.dismiss' };

export type WorkflowStatusEmitted = { type: 'status.changed'; result: WorkflowStatusResult };

/** How long a notice is held before it clears itself (the toast duration). */
export const WORKFLOW_NOTICE_MS = 5000;

/** A status learnt from elsewhere; ignored while a change is in flight (that answer wins). */
const SYNC = { target: 'settling', reenter: true, actions: 'syncStatus' } as const;

const PAUSE_FAILED = 'Error in pausing the Workflow';

function failureText(error: unknown, fallback: string): string {
  const failure = toRequestFailure(error);
  return failure.kind === 'rejected' && failure.message ? failure.message : fallback;
}

/**
 * The status of one workflow: draft, active, inactive.
 * - publish (from draft, active or inactive): a save with status active; success shows "Your workflow
 *   has been published successfully!", failure the server's message (it names the node and the reason).
 * - pause (from active): status inactive; success shows the inactive warning.
 * - resume (from inactive): status active; success shows "Your workflow has been reactivated", failure
 *   "Error in resuming the Workflow".
 * The calls are invoked `fromPromise` actors (`changeStatus`, `publish`), placeholders here: the list and
 * the builder provide the real calls with `workflowStatusMachine.provide({ actors })`. Every success emits
 * `status.changed` with the server's answer. A notice clears itself after 5 s or on `status.dismiss`.
 */
export const workflowStatusMachine = setup({
  types: {
    input: {} as WorkflowStatusInput,
    context: {} as WorkflowStatusContext,
    events: {} as WorkflowStatusEvent,
    emitted: {} as WorkflowStatusEmitted,
  },
  actors: {
    changeStatus: fromPromise<WorkflowStatusResult, ChangeStatusRequest>(async () => {
      throw new Error('workflowStatusMachine: no changeStatus actor was provided');
    }),
    publish: fromPromise<WorkflowStatusResult, PublishRequest>(async () => {
      throw new Error('workflowStatusMachine: no publish actor was provided');
    }),
  },
  guards: {
    isDraft: ({ context }) => context.status === 'draft',
    isActive: ({ context }) => context.status === 'active',
    hasNotice: ({ context }) => context.notice !== null,
  },
  actions: {
    assignResult: assign({
      status: ({ event, context }) =>
        'output' in event ? (event.output as WorkflowStatusResult).status : context.status,
    }),
    emitChanged: emit(({ event }) => ({
      type: 'status.changed' as const,
      result: (event as unknown as { output: WorkflowStatusResult }).output,
    })),
    notify: assign(({ context }, params: { tone: WorkflowNotice['tone']; text: string }) => ({
      seq: context.seq + 1,
      notice: { tone: params.tone, text: params.text, seq: context.seq + 1 },
    })),
    notifyFailure: assign(({ context, event }, params: { fallback: string; serverMessage: boolean }) => {
      const error = 'error' in event ? event.error : null;
      const text = params.serverMessage ? failureText(error, params.fallback) : params.fallback;
      return { seq: context.seq + 1, notice: { tone: 'error' as const, text, seq: context.seq + 1 } };
    }),
    clearNotice: assign({ notice: () => null }),
    syncStatus: assign({
      status: ({ event, context }) => (event.type === 'status.sync' ? event.status : context.status),
    }),
  },
}).createMachine({
  id: 'workflowStatus',
  context: ({ input }) => ({ workflowId: input.workflowId, status: input.status, notice: null, seq: 0 }),
  initial: 'settling',
  states: {
    /** Goes to the state of the current status. */
    settling: {
      always: [
        { guard: 'isDraft', target: 'draft' },
        { guard: 'isActive', target: 'active' },
        { target: 'inactive' },
      ],
    },
    draft: {
      after: { [WORKFLOW_NOTICE_MS]: { guard: 'hasNotice', actions: 'clearNotice' } },
      on: { 'status.publish': 'publishing', 'status.sync': SYNC },
    },
    active: {
      after: { [WORKFLOW_NOTICE_MS]: { guard: 'hasNotice', actions: 'clearNotice' } },
      on: { 'status.publish': 'publishing', 'status.pause': 'pausing', 'status.sync': SYNC },
    },
    inactive: {
      after: { [WORKFLOW_NOTICE_MS]: { guard: 'hasNotice', actions: 'clearNotice' } },
      on: { 'status.publish': 'publishing', 'status.resume': 'resuming', 'status.sync': SYNC },
    },
    publishing: {
      entry: 'clearNotice',
      invoke: {
        src: 'publish',
        input: ({ context }) => ({ workflowId: context.workflowId }),
        onDone: {
          target: 'settling',
          actions: [
            'assignResult',
            'emitChanged',
            { type: 'notify', params: { tone: 'success', text: WORKFLOW_TEXTS.published } },
          ],
        },
        onError: {
          target: 'settling',
          actions: {
            type: 'notifyFailure',
            params: { fallback: 'Your workflow could not be published.', serverMessage: true },
          },
        },
      },
    },
    pausing: {
      entry: 'clearNotice',
      invoke: {
        src: 'changeStatus',
        input: ({ context }) => ({ workflowId: context.workflowId, status: 'inactive' as const }),
        onDone: {
          target: 'settling',
          actions: [
            'assignResult',
            'emitChanged',
            { type: 'notify', params: { tone: 'warning', text: WORKFLOW_TEXTS.inactiveWarning } },
          ],
        },
        onError: {
          target: 'settling',
          actions: { type: 'notifyFailure', params: { fallback: PAUSE_FAILED, serverMessage: true } },
        },
      },
    },
    resuming: {
      entry: 'clearNotice',
      invoke: {
        src: 'changeStatus',
        input: ({ context }) => ({ workflowId: context.workflowId, status: 'active' as const }),
        onDone: {
          target: 'settling',
          actions: [
            'assignResult',
            'emitChanged',
            { type: 'notify', params: { tone: 'success', text: WORKFLOW_TEXTS.reactivated } },
          ],
        },
        onError: {
          target: 'settling',
          actions: {
            type: 'notifyFailure',
            params: { fallback: WORKFLOW_TEXTS.resumeFailed, serverMessage: false },
          },
        },
      },
    },
  },
  on: {
    'status.dismiss': { actions: 'clearNotice' },
  },
});

export type WorkflowStatusActor = ActorRefFrom<typeof workflowStatusMachine>;
