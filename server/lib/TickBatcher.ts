type Waiting<I, O> = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void };

/**
 * Answers the calls made by concurrent tasks with one call of `run` per round (DataLoader-style): calls
 * made until the event loop's next turn (setImmediate, after every pending microtask) are handed over
 * together. The workflow runtime runs the steps of a fetched batch side by side, so the sends, event
 * checks and list additions of 50 steps each become one set-based statement instead of 50.
 * `run` answers each input in order: a value, or an Error that rejects that call alone; when `run` throws,
 * every call of its round rejects.
 */
export class TickBatcher<I, O> {
  private waiting: Waiting<I, O>[] = [];

  constructor(private readonly run: (inputs: readonly I[]) => Promise<readonly (O | Error)[]>) {}

  load(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => void this.flush());
      this.waiting.push({ input, resolve, reject });
    });
  }

  private async flush(): Promise<void> {
    const round = this.waiting;
    this.waiting = [];
    try {
      const outputs = await this.run(round.map((call) => call.input));
      if (outputs.length !== round.length) {
        throw new Error(`TickBatcher: ${outputs.length} answers for ${round.length} calls.`);
      }
      for (const [i, call] of round.entries()) {
        const output = outputs[i] as O | Error;
        if (output instanceof Error) call.reject(output);
        else call.resolve(output);
      }
    } catch (error) {
      for (const call of round) call.reject(error);
    }
  }
}
