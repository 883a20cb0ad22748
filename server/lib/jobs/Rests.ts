const MIN_REST_MS = 20;
const MAX_REST_MS = 2000;

/**
 * The rest after `workMs` of background catch-up that keeps it to `duty` of the time (within 20 ms to
 * 2 s): a burst of requests is answered first and the catch-up follows a moment later. PGlite has one
 * connection, so a catch-up transaction holds up every request's write for its length.
 */
export function pacedRestMs(workMs: number, duty: number): number {
  return Math.min(MAX_REST_MS, Math.max(MIN_REST_MS, (workMs * (1 - duty)) / duty));
}

/** Rests of a paced job, all ended at once when its process stops. */
export class Rests {
  private readonly resting = new Set<() => void>();
  private stopped = false;

  constructor(private readonly duty: number) {}

  /** Rests after `workMs` of work (pacedRestMs; none once stopped). */
  after(workMs: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const resting = this.resting;
    return new Promise((resolve) => {
      const timer = setTimeout(done, pacedRestMs(workMs, this.duty));
      function done() {
        clearTimeout(timer);
        resting.delete(done);
        resolve();
      }
      resting.add(done);
    });
  }

  /** Ends every rest now, and every later one at once. */
  stop(): void {
    this.stopped = true;
    for (const wake of [...this.resting]) wake();
  }
}
