import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { JourneyCriteriaSaved } from '../../domain/journeyAnswers.ts';
import {
  DEFAULT_JOURNEY_CRITERIA,
  type JourneyCriteria,
  type RecomputeJob,
} from '../../domain/journeyScoring.ts';
import { createRecordedActor } from '../../machines/createRecordedActor.ts';
import { createEventLog } from '../../machines/eventLog.ts';
import { journeyRecomputeMachine, RECOMPUTE_POLL_MS } from '../../machines/journeyRecomputeMachine.ts';
import { replayEventLog } from '../../machines/replay.ts';

const job = (state: RecomputeJob['state'], done: number, id = 7): RecomputeJob => ({
  id,
  state,
  done,
  total: 100,
});

/** A machine whose save answers `saved` (or fails with it) and whose checks answer the readings in turn. */
function start(saved: JourneyCriteriaSaved | Error, readings: (RecomputeJob | Error)[]) {
  const clock = new SimulatedClock();
  const checked: number[] = [];
  const machine = journeyRecomputeMachine.provide({
    actors: {
      save: fromPromise<JourneyCriteriaSaved, JourneyCriteria>(async () => {
        if (saved instanceof Error) throw saved;
        return saved;
      }),
      check: fromPromise<RecomputeJob, number>(async ({ input }) => {
        checked.push(input);
        const next = readings.shift();
        if (!next || next instanceof Error) throw next ?? new Error('no reading');
        return next;
      }),
    },
  });
  const actor = createActor(machine, { clock }).start();
  return { actor, clock, checked };
}

const criteria = { ...DEFAULT_JOURNEY_CRITERIA, email_open: 2 };

describe('journeyRecomputeMachine', () => {
  it('saves, then reads the job every poll until it is done', async () => {
    const { actor, clock, checked } = start({ criteria, job: job('queued', 0) }, [
      job('running', 40),
      job('done', 100),
    ]);
    actor.send({ type: 'criteria.save', criteria });
    await waitFor(actor, (s) => s.matches('waiting'));
    expect(actor.getSnapshot().context.saved).toEqual(criteria);
    expect(actor.getSnapshot().context.job).toEqual(job('queued', 0));
    clock.increment(RECOMPUTE_POLL_MS - 1);
    expect(checked).toEqual([]);
    clock.increment(1);
    await waitFor(actor, (s) => s.matches('waiting') && s.context.job?.done === 40);
    expect(checked).toEqual([7]);
    clock.increment(RECOMPUTE_POLL_MS);
    await waitFor(actor, (s) => s.matches('finished'));
    expect(actor.getSnapshot().context.job).toEqual(job('done', 100));
    clock.increment(RECOMPUTE_POLL_MS * 3);
    expect(checked).toEqual([7, 7]);
  });

  it('stops following a job that failed', async () => {
    const { actor, clock } = start({ criteria, job: job('running', 10) }, [job('failed', 10)]);
    actor.send({ type: 'criteria.save', criteria });
    await waitFor(actor, (s) => s.matches('waiting'));
    clock.increment(RECOMPUTE_POLL_MS);
    await waitFor(actor, (s) => s.matches('finished'));
    expect(actor.getSnapshot().context.job?.state).toBe('failed');
  });

  it('a refused save goes back to idle with its message and no job', async () => {
    const { actor } = start(
      Object.assign(new Error('Above the Aware stage’s 5.'), { kind: 'http', status: 400 }),
      [],
    );
    actor.send({ type: 'criteria.save', criteria });
    await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(actor.getSnapshot().context.error?.message).toBe('Above the Aware stage’s 5.');
    expect(actor.getSnapshot().context.job).toBeNull();
  });

  it('a failed reading stalls with its error until progress.check reads again', async () => {
    const { actor, clock, checked } = start({ criteria, job: job('queued', 0) }, [
      new Error('offline'),
      job('done', 100),
    ]);
    actor.send({ type: 'criteria.save', criteria });
    await waitFor(actor, (s) => s.matches('waiting'));
    clock.increment(RECOMPUTE_POLL_MS);
    await waitFor(actor, (s) => s.matches('stalled'));
    expect(actor.getSnapshot().context.error?.message).toBeTruthy();
    clock.increment(RECOMPUTE_POLL_MS * 3);
    expect(checked).toHaveLength(1);
    actor.send({ type: 'progress.check' });
    await waitFor(actor, (s) => s.matches('finished'));
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a Save while a recompute runs follows the new job', async () => {
    const readings = [job('done', 100, 8)];
    const { actor, clock, checked } = start({ criteria, job: job('queued', 0, 8) }, readings);
    actor.send({ type: 'criteria.save', criteria });
    await waitFor(actor, (s) => s.matches('waiting'));
    actor.send({ type: 'criteria.save', criteria: { ...criteria, email_open: 3 } });
    expect(actor.getSnapshot().context.criteria?.email_open).toBe(3);
    await waitFor(actor, (s) => s.matches('waiting'));
    clock.increment(RECOMPUTE_POLL_MS);
    await waitFor(actor, (s) => s.matches('finished'));
    expect(checked).toEqual([8]);
  });

  it('a recorded save and its progress replay to the same states', async () => {
    const clock = new SimulatedClock();
    const log = createEventLog({ now: () => clock.now(), startedAt: new Date('2026-11-28T10:00:00Z') });
    const readings = [job('running', 40), job('done', 100)];
    const actor = createRecordedActor(
      journeyRecomputeMachine.provide({
        actors: {
          save: fromPromise<JourneyCriteriaSaved, JourneyCriteria>(async ({ input }) => ({
            criteria: input,
            job: job('queued', 0),
          })),
          check: fromPromise<RecomputeJob, number>(async () => readings.shift() ?? job('done', 100)),
        },
      }),
      { name: 'journey-recompute', log, clock },
    ).start();
    actor.send({ type: 'criteria.save', criteria });
    await waitFor(actor, (s) => s.matches('waiting'));
    clock.increment(RECOMPUTE_POLL_MS);
    await waitFor(actor, (s) => s.matches('waiting') && s.context.job?.done === 40);
    clock.increment(RECOMPUTE_POLL_MS);
    await waitFor(actor, (s) => s.matches('finished'));
    actor.stop();
    const file = log.toJSON();
    const result = await replayEventLog(JSON.parse(JSON.stringify(file)));
    expect(result.divergence).toBeNull();
    expect(result.steps).toHaveLength(file.entries.length);
    expect(result.steps.at(-1)?.actual).toBe('finished');
  });
});
