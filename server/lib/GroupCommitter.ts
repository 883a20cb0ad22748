/** What became of one input of a commit: its answer, or the error that refused it alone. */
export type CommitResult<O> = { outcome: O } | { error: unknown };

/** Writes the inputs together (one transaction) and reports one result per input, in the order given. */
export type Commit<I, O> = (inputs: readonly I[]) => Promise<readonly CommitResult<O>[]>;

type Pending<I, O> = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void };

const NO_RESULT = 'No result.';

/**
 * Group commit: inputs that arrive while a batch is being written wait and are written together in the next
 * one (at most maxBatch per commit), so a burst costs a few transactions instead of one per input. The first
 * input starts a round on the event loop's next turn (setImmediate); each batch starts as soon as the one
 * before it has finished. Every caller is answered after its own input has committed, with its own
 * result, in the order the inputs arrived. A batch whose commit throws as a whole is retried input by input,
 * so one bad input cannot fail the others; an input whose own commit throws is rejected with that error.
 */
export class GroupCommitter<I, O> {
  private queue: Pending<I, O>[] = [];
  /** Inputs taken from the queue whose commit has not answered yet. */
  private committing = 0;
  /** Set while a round is scheduled or running; resolves once the queue is empty. */
  private round: Promise<void> | null = null;

  constructor(
    private readonly commit: Commit<I, O>,
    private readonly maxBatch: number,
  ) {}

  /** Queues an input; resolves with its outcome once it has committed. */
  add(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      if (this.round === null)
        this.round = new Promise<void>((done) => setImmediate(() => void this.flush(done)));
    });
  }

  /** Inputs added whose commit has not answered yet (queued or being written). */
  get pending(): number {
    return this.queue.length + this.committing;
  }

  /** Resolves once everything queued so far (and anything queued meanwhile) has committed or failed. */
  async drain(): Promise<void> {
    while (this.round !== null) await this.round;
  }

  private async flush(done: () => void): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        this.committing = batch.length;
        let results: readonly CommitResult<O>[];
        try {
          results = await this.commit(batch.map((item) => item.input));
        } catch {
          for (const item of batch) {
            await this.commitAlone(item);
            this.committing -= 1;
          }
          continue;
        }
        this.committing = 0;
        for (let i = 0; i < batch.length; i += 1) settle(batch[i] as Pending<I, O>, results[i]);
      }
    } finally {
      this.committing = 0;
      this.round = null;
      done();
    }
  }

  private async commitAlone(item: Pending<I, O>): Promise<void> {
    let results: readonly CommitResult<O>[];
    try {
      results = await this.commit([item.input]);
    } catch (error) {
      item.reject(error);
      return;
    }
    settle(item, results[0]);
  }
}

function settle<I, O>(item: Pending<I, O>, result: CommitResult<O> | undefined): void {
  if (result === undefined) item.reject(new Error(NO_RESULT));
  else if ('error' in result) item.reject(result.error);
  else item.resolve(result.outcome);
}
