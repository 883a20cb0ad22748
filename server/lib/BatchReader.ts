type Waiting<V> = { resolve: (value: V | null) => void; reject: (error: unknown) => void };

/**
 * Reads by key in batches: the keys asked for until the event loop's next turn (setImmediate) are read
 * together, at most maxBatch per call of `read`, one call after the other; concurrent asks for one key
 * share its read. Each caller gets the value `read` found for its key, or null when it found none; when a
 * call of `read` throws, every caller of its keys is rejected with that error (the next ask reads again).
 */
export class BatchReader<K, V> {
  private waiting = new Map<K, Waiting<V>[]>();
  private scheduled = false;

  constructor(
    private readonly read: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>,
    private readonly maxBatch: number,
  ) {}

  /** The value behind key, or null, from the next batch read. */
  load(key: K): Promise<V | null> {
    return new Promise<V | null>((resolve, reject) => {
      const waiting = this.waiting.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.readPending());
      }
    });
  }

  private async readPending(): Promise<void> {
    this.scheduled = false;
    const pending = [...this.waiting];
    this.waiting = new Map();
    for (let i = 0; i < pending.length; i += this.maxBatch) {
      const slice = pending.slice(i, i + this.maxBatch);
      try {
        const found = await this.read(slice.map(([key]) => key));
        for (const [key, waiting] of slice) for (const w of waiting) w.resolve(found.get(key) ?? null);
      } catch (error) {
        for (const [, waiting] of slice) for (const w of waiting) w.reject(error);
      }
    }
  }
}
