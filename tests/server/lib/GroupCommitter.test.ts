import { describe, expect, it } from 'vitest';
import { type CommitResult, GroupCommitter } from '../../../server/lib/GroupCommitter.ts';

type Deferred = { promise: Promise<void>; resolve: () => void };

function deferred(): Deferred {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** A commit that records every batch it is handed and answers each input with its double. */
function doubling(options: { gate?: Deferred; fail?: (inputs: readonly number[]) => boolean } = {}) {
  const batches: number[][] = [];
  const commit = async (inputs: readonly number[]): Promise<CommitResult<number>[]> => {
    batches.push([...inputs]);
    if (options.gate && batches.length === 1) await options.gate.promise;
    if (options.fail?.(inputs)) throw new Error(`batch ${inputs.join(',')} failed`);
    return inputs.map((n) => (n < 0 ? { error: new Error(`refused ${n}`) } : { outcome: n * 2 }));
  };
  return { batches, commit };
}

describe('GroupCommitter', () => {
  it('writes the inputs of one turn in one commit and answers each caller with its own result, in order', async () => {
    const { batches, commit } = doubling();
    const committer = new GroupCommitter(commit, 10);
    const answers = await Promise.all([1, 2, 3, 4].map((n) => committer.add(n)));
    expect(answers).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([[1, 2, 3, 4]]);
  });

  it('holds inputs that arrive while a batch is being written and writes them together in the next one', async () => {
    const gate = deferred();
    const { batches, commit } = doubling({ gate });
    const committer = new GroupCommitter(commit, 10);
    const first = committer.add(1);
    await expect.poll(() => batches.length).toBe(1);
    const later = [2, 3, 4].map((n) => committer.add(n));
    // Nothing of the later ones is written while the first batch is open.
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1]]);
    gate.resolve();
    expect(await first).toBe(2);
    // The next batch has started by the time the first batch's callers are answered: no extra turn.
    expect(batches).toEqual([[1], [2, 3, 4]]);
    expect(await Promise.all(later)).toEqual([4, 6, 8]);
  });

  it('splits a queue longer than maxBatch into batches of at most maxBatch, in arrival order', async () => {
    const { batches, commit } = doubling();
    const committer = new GroupCommitter(commit, 3);
    const answers = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => committer.add(n)));
    expect(answers).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('rejects only the caller whose input the commit refused', async () => {
    const { batches, commit } = doubling();
    const committer = new GroupCommitter(commit, 10);
    const results = await Promise.allSettled([1, -2, 3].map((n) => committer.add(n)));
    expect(results[0]).toEqual({ status: 'fulfilled', value: 2 });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: new Error('refused -2') });
    expect(results[2]).toEqual({ status: 'fulfilled', value: 6 });
    expect(batches).toEqual([[1, -2, 3]]);
  });

  it('retries a batch that failed as a whole input by input, rejecting only the input that fails alone', async () => {
    const { batches, commit } = doubling({ fail: (inputs) => inputs.includes(13) });
    const committer = new GroupCommitter(commit, 10);
    const results = await Promise.allSettled([1, 13, 3].map((n) => committer.add(n)));
    expect(results[0]).toEqual({ status: 'fulfilled', value: 2 });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: new Error('batch 13 failed') });
    expect(results[2]).toEqual({ status: 'fulfilled', value: 6 });
    expect(batches).toEqual([[1, 13, 3], [1], [13], [3]]);
  });

  it('rejects the callers of a commit that throws before returning a promise, and keeps going', async () => {
    let calls = 0;
    const committer = new GroupCommitter<number, number>((inputs) => {
      calls += 1;
      if (inputs.includes(0)) throw new Error('synchronous');
      return Promise.resolve(inputs.map((n) => ({ outcome: n })));
    }, 10);
    const results = await Promise.allSettled([0, 5].map((n) => committer.add(n)));
    expect(results[0]).toMatchObject({ status: 'rejected', reason: new Error('synchronous') });
    expect(results[1]).toEqual({ status: 'fulfilled', value: 5 });
    expect(calls).toBe(3);
    expect(await committer.add(7)).toBe(7);
  });

  it('rejects a caller the commit gave no result for', async () => {
    const committer = new GroupCommitter<number, number>(async () => [{ outcome: 1 }], 10);
    const results = await Promise.allSettled([1, 2].map((n) => committer.add(n)));
    expect(results[0]).toEqual({ status: 'fulfilled', value: 1 });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: new Error('No result.') });
  });

  it('drain resolves once everything queued, also during the drain, has been answered', async () => {
    const gate = deferred();
    const { batches, commit } = doubling({ gate });
    const committer = new GroupCommitter(commit, 10);
    const answered: number[] = [];
    void committer.add(1).then((n) => answered.push(n));
    await expect.poll(() => batches.length).toBe(1);
    void committer.add(2).then((n) => answered.push(n));
    const drained = committer.drain().then(() => [...answered]);
    gate.resolve();
    expect(await drained).toEqual([2, 4]);
    await committer.drain();
  });
  it('counts as pending every input whose commit has not answered, queued or being written', async () => {
    const gate = deferred();
    const { batches, commit } = doubling({ gate });
    const committer = new GroupCommitter(commit, 2);
    expect(committer.pending).toBe(0);
    const answers = [1, 2, 3].map((n) => committer.add(n));
    expect(committer.pending).toBe(3);
    await expect.poll(() => batches.length).toBe(1);
    // [1, 2] being written, [3] queued.
    expect(committer.pending).toBe(3);
    const four = committer.add(4);
    expect(committer.pending).toBe(4);
    gate.resolve();
    await Promise.all([...answers, four]);
    expect(committer.pending).toBe(0);
  });

  it('counts the inputs of a failed batch retried one by one until each has answered', async () => {
    const { commit } = doubling({ fail: (inputs) => inputs.includes(13) });
    const committer = new GroupCommitter(commit, 10);
    const results = Promise.allSettled([1, 13, 3].map((n) => committer.add(n)));
    expect(committer.pending).toBe(3);
    await results;
    expect(committer.pending).toBe(0);
  });
});
