import { describe, expect, it } from 'vitest';
import { deliveryLoop } from '../../../server/services/delivery/deliveryLoop.ts';

type Row = { id: number };

/** A queue of due rows that claims like claimDue: each row once, in batches of batchSize. */
function queueOf(count: number, batchSize: number) {
  const due = Array.from({ length: count }, (_, index) => ({ id: index + 1 }));
  let claims = 0;
  return {
    claim: async (): Promise<Row[]> => {
      claims += 1;
      await Promise.resolve();
      return due.splice(0, batchSize);
    },
    claims: () => claims,
  };
}

/** A batch loop on the queue that tests call by hand; a failure is thrown, not logged. */
function batchLoop(
  queue: ReturnType<typeof queueOf>,
  deliverBatch: (rows: Row[]) => Promise<void>,
  batchLanes?: number,
) {
  return deliveryLoop<Row>({
    claim: queue.claim,
    batchSize: 100,
    deliverOne: async () => {
      throw new Error('a batch queue delivers whole batches');
    },
    deliverBatch,
    batchLanes,
    nextDueInMs: async () => 60_000,
    pollMs: 0,
    wakeOnQueue: false,
    onError: (error) => {
      throw error;
    },
  });
}

describe('deliveryLoop with batches', () => {
  it('two lanes keep two batches in flight, deliver every row once and stop at the first short batch', async () => {
    const queue = queueOf(450, 100);
    const delivered: number[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const loop = batchLoop(
      queue,
      async (rows) => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        delivered.push(...rows.map((row) => row.id));
        inFlight -= 1;
      },
      2,
    );
    expect(await loop.deliverDue()).toBe(450);
    expect(mostInFlight).toBe(2);
    expect(delivered.sort((a, b) => a - b)).toEqual(Array.from({ length: 450 }, (_, index) => index + 1));
    // Five batches (the last one short), and at most one claim more from the other lane.
    expect(queue.claims()).toBeLessThanOrEqual(6);
    await loop.stop();
  });

  it('one lane (the default) delivers one batch at a time', async () => {
    const queue = queueOf(250, 100);
    let inFlight = 0;
    let mostInFlight = 0;
    const loop = batchLoop(queue, async () => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
    });
    expect(await loop.deliverDue()).toBe(250);
    expect(mostInFlight).toBe(1);
    await loop.stop();
  });
});
