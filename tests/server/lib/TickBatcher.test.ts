import { describe, expect, it } from 'vitest';
import { TickBatcher } from '../../../server/lib/TickBatcher.ts';

describe('TickBatcher', () => {
  it('answers the calls of one round with one run, each with its own answer, in order', async () => {
    const runs: number[][] = [];
    const batcher = new TickBatcher<number, number>(async (inputs) => {
      runs.push([...inputs]);
      return inputs.map((n) => n * 10);
    });
    const answers = await Promise.all([1, 2, 3].map((n) => batcher.load(n)));
    expect(answers).toEqual([10, 20, 30]);
    expect(runs).toEqual([[1, 2, 3]]);
  });

  it('collects calls made after awaits of resolved promises (microtasks) into the same round', async () => {
    const runs: string[][] = [];
    const batcher = new TickBatcher<string, string>(async (inputs) => {
      runs.push([...inputs]);
      return inputs.map((s) => s.toUpperCase());
    });
    const task = async (name: string, hops: number) => {
      for (let i = 0; i < hops; i += 1) await Promise.resolve();
      return batcher.load(name);
    };
    expect(await Promise.all([task('a', 0), task('b', 3), task('c', 10)])).toEqual(['A', 'B', 'C']);
    expect(runs).toEqual([['a', 'b', 'c']]);
  });

  it('starts a new round for calls made after the first round was handed over', async () => {
    const runs: number[][] = [];
    const batcher = new TickBatcher<number, number>(async (inputs) => {
      runs.push([...inputs]);
      return inputs.map((n) => n + 1);
    });
    const first = await batcher.load(1);
    const second = await Promise.all([batcher.load(first), batcher.load(5)]);
    expect(second).toEqual([3, 6]);
    expect(runs).toEqual([[1], [2, 5]]);
  });

  it('rejects only the call whose answer is an Error', async () => {
    const batcher = new TickBatcher<number, number>(async (inputs) =>
      inputs.map((n) => (n < 0 ? new Error(`negative ${n}`) : n)),
    );
    const results = await Promise.allSettled([batcher.load(1), batcher.load(-2), batcher.load(3)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('negative -2'));
  });

  it('rejects every call of a round whose run throws, and the next round runs again', async () => {
    let fail = true;
    const batcher = new TickBatcher<number, number>(async (inputs) => {
      if (fail) throw new Error('database gone');
      return [...inputs];
    });
    const results = await Promise.allSettled([batcher.load(1), batcher.load(2)]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    fail = false;
    expect(await batcher.load(7)).toBe(7);
  });

  it('rejects every call when run answers the wrong number of times', async () => {
    const batcher = new TickBatcher<number, number>(async () => [1]);
    const results = await Promise.allSettled([batcher.load(1), batcher.load(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
