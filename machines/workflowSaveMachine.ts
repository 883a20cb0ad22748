import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { toRequestFailure } from '../domain/requestFailure.ts';
import { WORKFLOW_TEXTS, type WorkflowStatus } from '../domain/workflowTypes.ts';

export type WorkflowSaveInput = { workflowId: number };

/** What a save asks for: the status to save with (a publish is a save with status active). */
export type WorkflowSaveRequest = { workflowId: number; status: WorkflowStatus | null };
/** The server's answer the builder keeps: the saved status and version. */
export type WorkflowSaveResult = { status: WorkflowStatus; version: number };

export type WorkflowSaveAction = 'save' | 'publish';

export type WorkflowSaveNotice = {
  tone: 'success' | 'error';
  text: string;
  action: WorkflowSaveAction;
  /** Increases with every notice, so a view shows each one once. */
  seq: number;
};

/** A step the server named when it refused a publish, and why. */
export type PublishFault = { nodeId: string; message: string };

export type WorkflowSaveContext = {
  workflowId: number;
  notice: WorkflowSaveNotice | null;
  /** The steps the server named in its last publish refusal (error_publish_nodes); cleared with the notice. */
  faults: PublishFault[];
  seq: number;
  /** The last successful answer. */
  result: WorkflowSaveResult | null;
  /** Set by a successful publish (the workflow is marked "recently published"). */
  recentlyPublished: boolean;
};

export type WorkflowSaveEvent =
  /** Save with the current status. */
  | { type: 'save.save' }
  /**
   * Publish: a save with status active. `refusal` is the builder's own check (publishProblems): when it
   * is set nothing is sent and the publish fails with that message (naming the node).
   */
  | { type: 'save.publish'; refusal: string | null }
  | { type: 'save.dismiss' };

/** The error_publish_nodes of a refused publish's answer (kept by the request layer's error as its body). */
function faultsOf(error: unknown): PublishFault[] {
  const body =
    error && typeof error === 'object' && 'body' in error ? (error as { body: unknown }).body : null;
  const nodes =
    body && typeof body === 'object' && 'error_publish_nodes' in body
      ? (body as { error_publish_nodes: unknown }).error_publish_nodes
      : null;
  if (!Array.isArray(nodes)) return [];
  return nodes.flatMap((node: unknown) => {
    const { nodeId, message } = (node ?? {}) as { nodeId?: unknown; message?: unknown };
    return typeof nodeId === 'string' && typeof message === 'string' ? [{ nodeId, message }] : [];
  });
}

const SAVE_FAILED = 'Your workflow could not be saved.';
const PUBLISH_FAILED = 'Your workflow could not be published.';

function failureText(error: unknown, fallback: string): string {
  const failure = toRequestFailure(error);
  if (failure.kind === 'rejected' && failure.message) return failure.message;
  if (failure.kind === 'http' && failure.status === 409) {
    return 'This workflow was saved elsewhere in the meantime. Reload it to see the saved version.';
  }
  return failure.kind === 'http' && failure.status === 400 && failure.message ? failure.message : fallback;
}

/** Starting a save or a publish (not while one is in flight: the buttons are busy then). */
const START = {
  'save.save': { target: 'saving' },
  'save.publish': [
    { guard: 'isRefused', target: 'failed', reenter: true, actions: 'notifyRefusal' },
    { target: 'publishing' },
  ],
} as const;

/**
 * The builder's save and publish (spec 01 section 4):
 * idle -> saving -> saved | failed, and idle -> publishing -> published | failed. A publish is a save with
 * status active; its success says "Your workflow has been published successfully!" and marks the
 * workflow recently published, a save's "Your workflow has been saved successfully!". A refusal (the
 * builder's own check carried by the event, or the server's answer naming the node) lands in failed with
 * that message; the steps a server refusal names (error_publish_nodes) are kept in `faults` for the canvas. From saved, published and failed another save or publish can start; `save.dismiss`
 * clears the notice. The call is the invoked `save` actor, provided by the builder
 * (`workflowSaveMachine.provide({ actors: { save } })`): it serialises the draft and sends it with its
 * email mapping changes in one update_workflow/ request.
 */
export const workflowSaveMachine = setup({
  types: {
    input: {} as WorkflowSaveInput,
    context: {} as WorkflowSaveContext,
    events: {} as WorkflowSaveEvent,
  },
  actors: {
    save: fromPromise<WorkflowSaveResult, WorkflowSaveRequest>(async () => {
      throw new Error('workflowSaveMachine: no save actor was provided');
    }),
  },
  guards: {
    isRefused: ({ event }) => event.type === 'save.publish' && event.refusal !== null,
  },
  actions: {
    assignResult: assign({
      result: ({ event, context }) =>
        'output' in event ? (event.output as WorkflowSaveResult) : context.result,
    }),
    markPublished: assign({ recentlyPublished: () => true }),
    notify: assign(
      (
        { context },
        params: { tone: WorkflowSaveNotice['tone']; text: string; action: WorkflowSaveAction },
      ) => ({
        seq: context.seq + 1,
        notice: { ...params, seq: context.seq + 1 },
      }),
    ),
    notifyFailure: assign(({ context, event }, params: { fallback: string; action: WorkflowSaveAction }) => {
      const error = 'error' in event ? event.error : null;
      return {
        seq: context.seq + 1,
        notice: {
          tone: 'error' as const,
          text: failureText(error, params.fallback),
          action: params.action,
          seq: context.seq + 1,
        },
        faults: params.action === 'publish' ? faultsOf(error) : [],
      };
    }),
    notifyRefusal: assign(({ context, event }) => ({
      seq: context.seq + 1,
      notice: {
        tone: 'error' as const,
        text: event.type === 'save.publish' && event.refusal ? event.refusal : PUBLISH_FAILED,
        action: 'publish' as const,
        seq: context.seq + 1,
      },
    })),
    clearNotice: assign({ notice: () => null, faults: () => [] }),
  },
}).createMachine({
  id: 'workflowSave',
  context: ({ input }) => ({
    workflowId: input.workflowId,
    notice: null,
    faults: [],
    seq: 0,
    result: null,
    recentlyPublished: false,
  }),
  initial: 'idle',
  states: {
    idle: { on: START },
    saving: {
      entry: 'clearNotice',
      invoke: {
        src: 'save',
        input: ({ context }) => ({ workflowId: context.workflowId, status: null }),
        onDone: {
          target: 'saved',
          actions: [
            'assignResult',
            { type: 'notify', params: { tone: 'success', text: WORKFLOW_TEXTS.saved, action: 'save' } },
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'notifyFailure', params: { fallback: SAVE_FAILED, action: 'save' } },
        },
      },
    },
    publishing: {
      entry: 'clearNotice',
      invoke: {
        src: 'save',
        input: ({ context }) => ({ workflowId: context.workflowId, status: 'active' as const }),
        onDone: {
          target: 'published',
          actions: [
            'assignResult',
            'markPublished',
            {
              type: 'notify',
              params: { tone: 'success', text: WORKFLOW_TEXTS.published, action: 'publish' },
            },
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'notifyFailure', params: { fallback: PUBLISH_FAILED, action: 'publish' } },
        },
      },
    },
    saved: { on: START },
    published: { on: START },
    failed: { on: START },
  },
  on: {
    'save.dismiss': { actions: 'clearNotice' },
  },
});

export type WorkflowSaveActor = ActorRefFrom<typeof workflowSaveMachine>;
