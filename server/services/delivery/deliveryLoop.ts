import { sleepUntilWork } from '../../lib/workSignals.ts';

export type DeliveryLoop = {
  /** Delivers everything due now (several batches, once at a time); resolves with how many were handled. */
  deliverDue: () => Promise<number>;
  /** Stops sleeping and taking batches; resolves when the batch in flight is done. */
  stop: () => Promise<void>;
};

/**
 * The small loop of every delivery queue: drains what is due, then sleeps until the next row is due, a
 * 'delivery' notification says something was queued (any process, on commit), or pollMs has passed (a
 * safety net). pollMs 0 runs no rounds: the caller (a test) calls deliverDue itself.
 */
export function deliveryLoop<R extends { id: number }>(options: {
  /** Claims a batch of due rows (claimDue); a batch shorter than batchSize ends a round. */
  claim: () => Promise<R[]>;
  batchSize: number;
  /** Delivers and settles one claimed row. If it throws, the claim stays: the row is due when its lease ends. */
  deliverOne: (row: R) => Promise<void>;
  /** Rows of a batch delivered at once (default 1: one after the other). */
  concurrency?: number;
  /**
   * Delivers a whole claimed batch instead (deliverOne is then not called). A row it leaves unsettled keeps
   * its claim and is due again when its lease ends.
   */
  deliverBatch?: (rows: R[]) => Promise<void>;
  /**
   * With deliverBatch: batches claimed and delivered at once (default 1). Two let one batch's settle (the
   * database) overlap the next one's sending (the network), whichever thread or process each runs on.
   */
  batchLanes?: number;
  nextDueInMs: () => Promise<number>;
  pollMs: number;
  wakeOnQueue: boolean;
  onError: (error: unknown, rowId?: number) => void;
}): DeliveryLoop {
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  let sleeper: { done: Promise<void>; cancel: () => void } | null = null;

  const drain = async (): Promise<number> => {
    let handled = 0;
    const { deliverBatch } = options;
    if (deliverBatch) {
      // Each lane claims its own batch (claims never overlap) until one comes back short: nothing more is due.
      let drained = false;
      const batchLane = async () => {
        while (!drained && !stopped) {
          const batch = await options.claim();
          if (batch.length < options.batchSize) drained = true;
          if (batch.length > 0) await deliverBatch(batch).catch((error) => options.onError(error));
          handled += batch.length;
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, options.batchLanes ?? 1) }, batchLane));
      return handled;
    }
    for (;;) {
      const batch = await options.claim();
      // Lanes take the batch's rows in order; each row is delivered and settled on its own.
      let next = 0;
      const lane = async () => {
        while (next < batch.length) {
          const row = batch[next++] as R;
          try {
            await options.deliverOne(row);
          } catch (error) {
            options.onError(error, row.id);
          }
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, lane));
      handled += batch.length;
      if (batch.length < options.batchSize || stopped) return handled;
    }
  };

  const deliverDue = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await drain();
      } while (again && !stopped);
      return total;
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const loop = async () => {
    while (!stopped) {
      await deliverDue().catch((error) => options.onError(error));
      if (stopped) return;
      const dueIn = await options.nextDueInMs().catch(() => options.pollMs);
      sleeper = sleepUntilWork(
        options.wakeOnQueue ? ['delivery'] : [],
        Math.max(50, Math.min(options.pollMs, dueIn)),
      );
      await sleeper.done;
    }
  };
  const looping = options.pollMs > 0 ? loop() : Promise.resolve();

  return {
    deliverDue,
    stop: async () => {
      stopped = true;
      sleeper?.cancel();
      await looping;
      await running?.catch(() => 0);
    },
  };
}
