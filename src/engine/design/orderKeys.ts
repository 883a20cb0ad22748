/**
 * Fractional order keys: a block's place among its siblings is a string that sorts between its
 * neighbours' keys, so inserting or moving a block writes ONE field of that block (never a shared
 * array). Two tabs moving blocks at the same time each set a key; nothing is duplicated or lost, and
 * equal keys (two inserts at the same place) are ordered by block id, the same way in every tab.
 * Keys are base-62 digit strings read as fractions in (0, 1); they never end in the lowest digit.
 */
const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE = DIGITS.length;

function digit(key: string, index: number): number {
  const value = DIGITS.indexOf(key[index] ?? '0');
  return Math.max(value, 0);
}

/** A key strictly between a and b (null = the start or the end). Requires a < b when both are given. */
export function keyBetween(a: string | null, b: string | null): string {
  let prefix = '';
  let upper = b;
  for (let index = 0; ; index += 1) {
    const low = a !== null && index < a.length ? digit(a, index) : 0;
    const high = upper !== null ? (index < upper.length ? digit(upper, index) : 0) : BASE;
    if (upper !== null && low === high) {
      prefix += DIGITS[low];
      continue;
    }
    const mid = Math.floor((low + high) / 2);
    if (mid > low) return prefix + DIGITS[mid];
    // Adjacent digits: keep a's digit and look for room after it (no upper bound any more).
    prefix += DIGITS[low];
    upper = null;
  }
}

/** n keys in order between a and b (for loading a whole list at once: evenly spread when unbounded). */
export function keysBetween(a: string | null, b: string | null, count: number): string[] {
  const keys: string[] = [];
  if (a === null && b === null && count < BASE ** 3) {
    const span = BASE ** 3;
    for (let index = 1; index <= count; index += 1) {
      let value = Math.floor((index * span) / (count + 1));
      let key = '';
      for (let place = 0; place < 3; place += 1) {
        key = DIGITS[value % BASE] + key;
        value = Math.floor(value / BASE);
      }
      keys.push(key.replace(/0+$/, ''));
    }
    return keys;
  }
  let previous = a;
  for (let index = 0; index < count; index += 1) {
    const key = keyBetween(previous, b);
    keys.push(key);
    previous = key;
  }
  return keys;
}

/** Sorting: by key, then by id (equal keys from concurrent inserts). */
export function compareByOrder(a: { order: string; id: string }, b: { order: string; id: string }): number {
  if (a.order !== b.order) return a.order < b.order ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
