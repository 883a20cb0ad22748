import * as Y from 'yjs';

/**
 * Sets one key of a Y.Map only when its JSON value changes (keeps history and remote traffic small);
 * undefined removes the key.
 */
export function setIfChanged(map: Y.Map<unknown>, key: string, value: unknown): void {
  if (value === undefined) {
    if (map.has(key)) map.delete(key);
    return;
  }
  const current = map.get(key);
  if (current === value) return;
  if (
    typeof value === 'object' &&
    value !== null &&
    typeof current === 'object' &&
    current !== null &&
    !(current instanceof Y.AbstractType) &&
    JSON.stringify(current) === JSON.stringify(value)
  ) {
    return;
  }
  map.set(key, value);
}
