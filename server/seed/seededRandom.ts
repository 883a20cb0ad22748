/** A small deterministic pseudo-random generator (mulberry32) with the helpers the seed needs. */
export type SeededRandom = {
  /** A float in [0, 1). */
  next: () => number;
  /** A whole number in [min, max], both included. */
  int: (min: number, max: number) => number;
  /** True with probability p. */
  chance: (p: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** A new array with the items in a random order; the input is not changed. */
  shuffle: <T>(items: readonly T[]) => T[];
  /** count distinct items in a random order (all of them when count is larger). */
  sample: <T>(items: readonly T[], count: number) => T[];
  /** 16 random bytes. */
  bytes: (length: number) => Uint8Array;
};

/** FNV-1a: turns a text seed into a 32-bit number, so each seed step can have its own stream. */
function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i += 1) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The same seed always gives the same sequence, on every machine. Each seed step uses its own
 * named stream (seededRandom('contacts')), so adding a step later does not shift the data of the others.
 */
export function seededRandom(seed: string | number): SeededRandom {
  let state = typeof seed === 'number' ? seed >>> 0 : hashSeed(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('seededRandom.pick: no items to pick from');
    return items[int(0, items.length - 1)] as T;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick,
    shuffle,
    sample: (items, count) => shuffle(items).slice(0, count),
    bytes: (length) => Uint8Array.from({ length }, () => int(0, 255)),
  };
}
