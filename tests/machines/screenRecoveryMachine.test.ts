import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { BuildProbe } from '../../domain/chunkLoadError.ts';
import { SCREEN_RETRY_MS } from '../../domain/screenRecovery.ts';
import { screenRecoveryMachine } from '../../machines/screenRecoveryMachine.ts';

/** A recovery actor whose probe answers each look from `answers`, in order (then 'unreachable'). */
function start(answers: Array<BuildProbe | Error>) {
  const clock = new SimulatedClock();
  const looks: number[] = [];
  const machine = screenRecoveryMachine.provide({
    actors: {
      probe: fromPromise<BuildProbe>(async () => {
        looks.push(clock.now());
        const answer = answers.shift() ?? 'unreachable';
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    },
  });
  const actor = createActor(machine, { clock });
  const emitted: string[] = [];
  actor.on('*', (event) => emitted.push(event.type));
  actor.start();
  return { clock, actor, looks, emitted };
}

/** Lets the probe's promise settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('screenRecoveryMachine', () => {
  it('looks at the server at once, then every SCREEN_RETRY_MS until it answers, then retries in place', async () => {
    const { clock, actor, looks, emitted } = start(['unreachable', new Error('offline'), 'same-build']);
    await settle();
    expect(looks).toEqual([0]);
    expect(actor.getSnapshot().context.unanswered).toBe(1);
    clock.increment(SCREEN_RETRY_MS - 1);
    await settle();
    expect(looks).toEqual([0]);
    clock.increment(1);
    await settle();
    expect(looks).toEqual([0, SCREEN_RETRY_MS]);
    expect(actor.getSnapshot().context.unanswered).toBe(2);
    expect(emitted).toEqual([]);
    clock.increment(SCREEN_RETRY_MS);
    await settle();
    expect(looks).toEqual([0, SCREEN_RETRY_MS, 2 * SCREEN_RETRY_MS]);
    expect(emitted).toEqual(['screen.retry']);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('asks for the page to load again when the server serves a newer build', async () => {
    const { emitted } = start(['new-build']);
    await settle();
    expect(emitted).toEqual(['screen.reload']);
  });

  it('"Try again" looks at once, without waiting for the next look', async () => {
    const { actor, clock, looks, emitted } = start(['unreachable', 'same-build']);
    await settle();
    clock.increment(1000);
    actor.send({ type: 'screen.retryNow' });
    await settle();
    expect(looks).toEqual([0, 1000]);
    expect(emitted).toEqual(['screen.retry']);
  });
});
