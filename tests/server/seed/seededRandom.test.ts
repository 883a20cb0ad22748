import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../server/seed/seededRandom.ts';

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
