import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { WORKFLOW_TEXTS, type WorkflowStatus } from '../../domain/workflowTypes.ts';
import { createRecordedActor } from '../../machines/createRecordedActor.ts';
import { createEventLog } from '../../machines/eventLog.ts';
import { replayEventLog } from '../../machines/replay.ts';
import {
  type ChangeStatusRequest,
  type PublishRequest,
  WORKFLOW_NOTICE_MS,
  type WorkflowStatusActor,
  type WorkflowStatusResult,
  workflowStatusMachine,
} from '../../machines/workflowStatusMachine.ts';
import { ApiError } from '../../src/api/ApiError.ts';

/** Lets a settled promise's done/error event reach the actor. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

type Pending<I> = {
  input: I;
  resolve: (value: WorkflowStatusResult) => void;
  reject: (error: unknown) => void;
};

function controlled(status: WorkflowStatus) {
  const changes: Pending<ChangeStatusRequest>[] = [];
  const publishes: Pending<PublishRequest>[] = [];
  const clock = new SimulatedClock();
  const machine = workflowStatusMachine.provide({
    actors: {
      changeStatus: fromPromise<WorkflowStatusResult, ChangeStatusRequest>(
        ({ input }) => new Promise((resolve, reject) => changes.push({ input, resolve, reject })),
      ),
      publish: fromPromise<WorkflowStatusResult, PublishRequest>(
        ({ input }) => new Promise((resolve, reject) => publishes.push({ input, resolve, reject })),
      ),
    },
  });
  const actor = createActor(machine, { clock, input: { workflowId: 42, status } });
  const changed: WorkflowStatusResult[] = [];
  actor.on('status.changed', (event) => changed.push(event.result));
  actor.start();
  return { actor, clock, changes, publishes, changed };
}

const result = (status: WorkflowStatus, totalActiveCount: number): WorkflowStatusResult => ({
  status,
  totalActiveCount,
  workflow: null,
});
const value = (actor: WorkflowStatusActor) => actor.getSnapshot().value;
const notice = (actor: WorkflowStatusActor) => actor.getSnapshot().context.notice;

describe('workflowStatusMachine', () => {
  it('starts in the state of its status', () => {
    for (const status of ['draft', 'active', 'inactive'] as const) {
      const { actor } = controlled(status);
      expect(value(actor)).toBe(status);
      actor.stop();
    }
  });

  it('pauses an active workflow: status inactive sent, the inactive warning, status.changed emitted', async () => {
    const run = controlled('active');
    run.actor.send({ type: 'status.pause' });
    expect(value(run.actor)).toBe('pausing');
    expect(run.changes.map((c) => c.input)).toEqual([{ workflowId: 42, status: 'inactive' }]);
    run.changes[0]!.resolve(result('inactive', 6));
    await settle();
    expect(value(run.actor)).toBe('inactive');
    expect(notice(run.actor)).toEqual({ tone: 'warning', text: WORKFLOW_TEXTS.inactiveWarning, seq: 1 });
    expect(run.changed).toEqual([result('inactive', 6)]);
  });

  it('resumes an inactive workflow with "Your workflow has been reactivated"', async () => {
    const run = controlled('inactive');
    run.actor.send({ type: 'status.resume' });
    expect(run.changes[0]!.input).toEqual({ workflowId: 42, status: 'active' });
    run.changes[0]!.resolve(result('active', 8));
    await settle();
    expect(value(run.actor)).toBe('active');
    expect(notice(run.actor)?.text).toBe('Your workflow has been reactivated');
    expect(run.changed.at(-1)?.totalActiveCount).toBe(8);
  });

  it('a failed resume shows "Error in resuming the Workflow" and stays inactive', async () => {
    const run = controlled('inactive');
    run.actor.send({ type: 'status.resume' });
    run.changes[0]!.reject(new ApiError({ kind: 'rejected', status: 200, message: 'Server says no' }));
    await settle();
    expect(value(run.actor)).toBe('inactive');
    expect(notice(run.actor)).toMatchObject({ tone: 'error', text: 'Error in resuming the Workflow' });
    expect(run.changed).toEqual([]);
  });

  it('a failed pause shows the server message and stays active', async () => {
    const run = controlled('active');
    run.actor.send({ type: 'status.pause' });
    run.changes[0]!.reject(new ApiError({ kind: 'rejected', status: 200, message: 'Not yours' }));
    await settle();
    expect(value(run.actor)).toBe('active');
    expect(notice(run.actor)?.text).toBe('Not yours');
  });

  it('publishes a draft (a save with status active) and shows the published message', async () => {
    const run = controlled('draft');
    run.actor.send({ type: 'status.pause' });
    run.actor.send({ type: 'status.resume' });
    expect(value(run.actor)).toBe('draft');
    run.actor.send({ type: 'status.publish' });
    expect(run.publishes[0]!.input).toEqual({ workflowId: 42 });
    run.publishes[0]!.resolve(result('active', 3));
    await settle();
    expect(value(run.actor)).toBe('active');
    expect(notice(run.actor)?.text).toBe(WORKFLOW_TEXTS.published);
    expect(run.changed).toEqual([result('active', 3)]);
  });

  it('a refused publish keeps the status and shows the server message naming the node', async () => {
    const run = controlled('draft');
    run.actor.send({ type: 'status.publish' });
    run.publishes[0]!.reject(
      new ApiError({ kind: 'rejected', status: 200, message: 'Send email 2: the email is not design-ready' }),
    );
    await settle();
    expect(value(run.actor)).toBe('draft');
    expect(notice(run.actor)?.text).toBe('Send email 2: the email is not design-ready');
  });

  it('pause is only possible when active, resume only when inactive', () => {
    const active = controlled('active');
    active.actor.send({ type: 'status.resume' });
    expect(value(active.actor)).toBe('active');
    const inactive = controlled('inactive');
    inactive.actor.send({ type: 'status.pause' });
    expect(value(inactive.actor)).toBe('inactive');
    expect(active.changes.length + inactive.changes.length).toBe(0);
  });

  it('a notice clears itself after 5 s on the simulated clock, or on dismiss', async () => {
    const run = controlled('active');
    run.actor.send({ type: 'status.pause' });
    run.changes[0]!.resolve(result('inactive', 1));
    await settle();
    run.clock.increment(WORKFLOW_NOTICE_MS - 1);
    expect(notice(run.actor)).not.toBeNull();
    run.clock.increment(1);
    expect(notice(run.actor)).toBeNull();
    run.actor.send({ type: 'status.resume' });
    run.changes[1]!.reject(new Error('offline'));
    await settle();
    expect(notice(run.actor)?.seq).toBe(2);
    run.actor.send({ type: 'status.dismiss' });
    expect(notice(run.actor)).toBeNull();
  });

  it('status.sync moves to a status learnt elsewhere, but not while a change is in flight', () => {
    const run = controlled('active');
    run.actor.send({ type: 'status.sync', status: 'inactive' });
    expect(value(run.actor)).toBe('inactive');
    run.actor.send({ type: 'status.resume' });
    run.actor.send({ type: 'status.sync', status: 'draft' });
    expect(value(run.actor)).toBe('resuming');
  });

  it('a recorded session replays to the same states', async () => {
    const clock = new SimulatedClock();
    const log = createEventLog({ now: () => clock.now() });
    let calls = 0;
    const actor = createRecordedActor(
      workflowStatusMachine.provide({
        actors: {
          changeStatus: fromPromise<WorkflowStatusResult, ChangeStatusRequest>(async ({ input }) => {
            calls += 1;
            if (calls === 2) throw new ApiError({ kind: 'http', status: 500, message: 'Server error' });
            return result(input.status, 4);
          }),
        },
      }),
      { name: 'workflowStatus:42', log, clock, input: { workflowId: 42, status: 'active' } },
    ).start();
    actor.send({ type: 'status.pause' });
    await settle();
    actor.send({ type: 'status.resume' });
    await settle();
    clock.increment(WORKFLOW_NOTICE_MS);
    actor.send({ type: 'status.resume' });
    await settle();
    actor.stop();
    const file = JSON.parse(JSON.stringify(log.toJSON()));
    const replayed = await replayEventLog(file);
    expect(replayed.divergence).toBeNull();
    expect(replayed.steps.map((step) => step.actual)).toEqual(
      expect.arrayContaining(['pausing', 'inactive', 'resuming', 'active']),
    );
  });
});
