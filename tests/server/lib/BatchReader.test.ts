import { describe, expect, it } from 'vitest';
import { BatchReader } from '../../../server/lib/BatchReader.ts';

/** A read that records every batch of keys it is handed and finds the even numbers (as their squares). */
function evens(options: { failWhen?: (keys: readonly number[]) => boolean } = {}) {
  const batches: number[][] = [];
  const read = async (keys: readonly number[]) => {
    batches.push([...keys]);
    if (options.failWhen?.(keys)) throw new Error(`read ${keys.join(',')} failed`);
    return new Map(keys.filter((k) => k % 2 === 0).map((k) => [k, k * k]));
  };
  return { batches, read };
}

describe('BatchReader', () => {
  it('reads the keys of one turn in one call and answers each caller with its own value or null', async () => {
    const { batches, read } = evens();
    const reader = new BatchReader(read, 10);
    expect(await Promise.all([2, 3, 4].map((k) => reader.load(k)))).toEqual([4, null, 16]);
    expect(batches).toEqual([[2, 3, 4]]);
  });

  it('reads a key asked for by several callers at once only once, and answers them all', async () => {
    const { batches, read } = evens();
    const reader = new BatchReader(read, 10);
    expect(await Promise.all([6, 6, 7, 6].map((k) => reader.load(k)))).toEqual([36, 36, null, 36]);
    expect(batches).toEqual([[6, 7]]);
  });

  it('splits more keys than maxBatch into reads of at most maxBatch, in the order asked', async () => {
    const { batches, read } = evens();
    const reader = new BatchReader(read, 2);
    expect(await Promise.all([1, 2, 3, 4, 5].map((k) => reader.load(k)))).toEqual([null, 4, null, 16, null]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('rejects the callers of a failed read only, and reads again on the next ask', async () => {
    const { batches, read } = evens({ failWhen: (keys) => keys.includes(3) && keys.length > 1 });
    const reader = new BatchReader(read, 2);
    const results = await Promise.allSettled([2, 3, 4].map((k) => reader.load(k)));
    expect(results[0]).toMatchObject({ status: 'rejected', reason: new Error('read 2,3 failed') });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: new Error('read 2,3 failed') });
    expect(results[2]).toEqual({ status: 'fulfilled', value: 16 });
    expect(await reader.load(2)).toBe(4);
    expect(batches).toEqual([[2, 3], [4], [2]]);
  });

  it('starts a new batch for keys asked for after the previous batch was handed over', async () => {
    const { batches, read } = evens();
    const reader = new BatchReader(read, 10);
    expect(await reader.load(8)).toBe(64);
    expect(await Promise.all([8, 10].map((k) => reader.load(k)))).toEqual([64, 100]);
    expect(batches).toEqual([[8], [8, 10]]);
  });
});
