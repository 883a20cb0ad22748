import { expect, it } from 'vitest';
import { LruCache } from '../../../server/lib/LruCache.ts';

it('makes a value once per key, and callers asking meanwhile share it', async () => {
  const cache = new LruCache<string>(10);
  let release!: (value: string) => void;
  const make = () =>
    new Promise<string>((resolve) => {
      release = resolve;
    });
  const a = cache.get('k', make);
  const b = cache.get('k', make);
  release('page');
  expect(await a).toBe('page');
  expect(await b).toBe('page');
  expect(await cache.get('k', () => Promise.resolve('other'))).toBe('page');
  expect(cache.made).toBe(1);
});

it('keeps the most recently used values up to its capacity', async () => {
  const cache = new LruCache<string>(2);
  await cache.get('a', async () => 'A');
  await cache.get('b', async () => 'B');
  await cache.get('a', async () => 'A2'); // used again: now the newest
  await cache.get('c', async () => 'C'); // drops b, the least recently used
  expect(cache.size).toBe(2);
  expect(await cache.get('a', async () => 'A3')).toBe('A');
  expect(await cache.get('b', async () => 'B2')).toBe('B2');
  expect(cache.made).toBe(4);
});

it('forgets a value whose making failed, so the next call makes it again', async () => {
  const cache = new LruCache<string>(2);
  await expect(cache.get('k', async () => Promise.reject(new Error('render failed')))).rejects.toThrow(
    'render failed',
  );
  expect(await cache.get('k', async () => 'page')).toBe('page');
  expect(cache.made).toBe(2);
});
