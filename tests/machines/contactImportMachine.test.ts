import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import {
  contactImportMachine,
  IMPORT_POLL_FAILURES,
  IMPORT_POLL_MS,
  type ImportStatusAnswer,
} from '../../machines/contactImportMachine.ts';
import { importState } from '../client/audiences/audienceFixtures.ts';

const state = importState;

/** A server whose answers are scripted: each status call takes the next answer (an Error fails the call). */
function start(answers: (ImportStatusAnswer | Error)[]) {
  const clock = new SimulatedClock();
  const asked: number[] = [];
  const machine = contactImportMachine.provide({
    actors: {
      fetchStatus: fromPromise<ImportStatusAnswer, { importId: number }>(async ({ input }) => {
        asked.push(input.importId);
        const next = answers.shift();
        if (!next) throw new Error('no more answers');
        if (next instanceof Error) throw next;
        return next;
      }),
    },
  });
  const actor = createActor(machine, { clock });
  actor.start();
  return { clock, actor, asked };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function tick(clock: SimulatedClock) {
  clock.increment(IMPORT_POLL_MS);
  await settle();
}

describe('contactImportMachine', () => {
  it('asks for the progress every second until the import is done, showing each count', async () => {
    const { clock, actor, asked } = start([
      { data: state({ status: 'queued' }), refusals: [] },
      { data: state({ processed_rows: 400 }), refusals: [] },
      {
        data: state({ status: 'done', processed_rows: 1000, inserted: 990, refused: 10 }),
        refusals: [{ row_number: 4, reason: 'Email is missing', email: '', kind: 'refused' }],
      },
    ]);
    actor.send({ type: 'import.watch', importId: 7 });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ watching: 'waiting' });
    expect(actor.getSnapshot().context.state?.status).toBe('queued');
    clock.increment(IMPORT_POLL_MS - 1);
    await settle();
    expect(asked).toHaveLength(1);
    clock.increment(1);
    await settle();
    expect(actor.getSnapshot().context.state?.processed_rows).toBe(400);
    await tick(clock);
    expect(actor.getSnapshot().value).toBe('finished');
    expect(actor.getSnapshot().context.refusals).toHaveLength(1);
    await tick(clock);
    expect(asked).toEqual([7, 7, 7]);
  });

  it('keeps asking through a few failed calls, and after too many stops in lost until Try again', async () => {
    const failures = Array.from({ length: IMPORT_POLL_FAILURES }, () => new Error('offline'));
    const { clock, actor } = start([
      new Error('blip'),
      { data: state({ processed_rows: 10 }), refusals: [] },
      ...failures,
      { data: state({ status: 'failed', error: 'The file could not be imported.' }), refusals: [] },
    ]);
    actor.send({ type: 'import.watch', importId: 7 });
    await settle();
    expect(actor.getSnapshot().context.failures).toBe(1);
    await tick(clock);
    expect(actor.getSnapshot().context.failures).toBe(0);
    for (let i = 0; i < IMPORT_POLL_FAILURES; i++) await tick(clock);
    expect(actor.getSnapshot().value).toBe('lost');
    expect(actor.getSnapshot().context.error?.message).toBe('offline');
    await tick(clock);
    expect(actor.getSnapshot().value).toBe('lost');
    actor.send({ type: 'import.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('finished');
    expect(actor.getSnapshot().context.state?.status).toBe('failed');
  });

  it('watching another import (a reload) starts again from its id', async () => {
    const { actor, asked } = start([{ data: state({ import_id: 9, status: 'done' }), refusals: [] }]);
    actor.send({ type: 'import.watch', importId: 9 });
    await settle();
    expect(asked).toEqual([9]);
    expect(actor.getSnapshot().value).toBe('finished');
  });
});
