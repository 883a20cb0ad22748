import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../server/seed/seededRandom.ts';
import { seededUuid } from '../../../server/seed/seededUuid.ts';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('seededRandom', () => {
  it('gives the same sequence for the same seed, and another for another seed', () => {
    const a = seededRandom('contacts');
    const b = seededRandom('contacts');
    const c = seededRandom('campaigns');
    const first = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(first);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('keeps int within its bounds and reaches both ends', () => {
    const random = seededRandom(42);
    const values = Array.from({ length: 2000 }, () => random.int(3, 7));
    expect(Math.min(...values)).toBe(3);
    expect(Math.max(...values)).toBe(7);
  });

  it('shuffles and samples without losing or repeating items, leaving the input alone', () => {
    const random = seededRandom('shuffle');
    const items = [1, 2, 3, 4, 5, 6, 7, 8];
    const shuffled = random.shuffle(items);
    expect([...shuffled].sort((x, y) => x - y)).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const sample = random.sample(items, 5);
    expect(new Set(sample).size).toBe(5);
    expect(random.sample(items, 50)).toHaveLength(8);
    expect(() => random.pick([])).toThrow(/no items/);
  });
});

describe('seededUuid', () => {
  it('makes valid version 4 uuids, the same ones for the same seed', () => {
    const a = seededRandom('uuids');
    const b = seededRandom('uuids');
    const uuids = Array.from({ length: 200 }, () => seededUuid(a));
    expect(uuids.every((u) => V4.test(u))).toBe(true);
    expect(new Set(uuids).size).toBe(200);
    expect(Array.from({ length: 200 }, () => seededUuid(b))).toEqual(uuids);
  });
});
