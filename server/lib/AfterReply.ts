/**
 * Work started once the answer is on its way, so that how long the answer takes says nothing about it
 * (sign-up and password reset answer the same, in the same time, for known and unknown addresses). Tasks
 * run one after another's start on the next turn of the event loop; at most `maxPending` wait at once (the
 * auth routes are rate-limited per IP well below that). A failure is logged. `idle()` waits for every
 * task: the server's close does, and tests do instead of sleeping.
 */
export class AfterReply {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly onError: (error: unknown, what: string) => void,
    private readonly maxPending = 1000,
  ) {}

  run(what: string, task: () => Promise<void>): void {
    if (this.pending.size >= this.maxPending) {
      this.onError(new Error(`${this.pending.size} tasks already waiting`), what);
      return;
    }
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => this.onError(error, what))
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's after-reply work (tests wait on `idle()`). */
    afterReply: AfterReply;
  }
}
