/**
 * A bounded cache of values made asynchronously, by key: `get` makes a value once per key (callers that
 * ask while it is being made share the same promise), keeps at most `capacity` of the most recently used,
 * and forgets a value whose making failed, so the next call tries again.
 */
export class LruCache<T> {
  private readonly entries = new Map<string, Promise<T>>();
  /** How many values were made (not found in the cache). */
  made = 0;

  constructor(private readonly capacity: number) {}

  get(key: string, make: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) {
      // Most recently used last: the first entry is the one to drop.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    this.made += 1;
    const value = make();
    value.catch(() => {
      if (this.entries.get(key) === value) this.entries.delete(key);
    });
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
