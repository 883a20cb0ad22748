import type { LoggedStateValue } from './eventLog.ts';

/** A state value as dotted paths: "idle", "importing.counting", or "a.b, c.d" for parallel states. */
export function statePath(value: LoggedStateValue | null): string {
  if (value === null) return '(none)';
  if (typeof value === 'string') return value;
  const paths = Object.entries(value).map(([key, child]) => {
    const rest = statePath(child);
    return rest ? `${key}.${rest}` : key;
  });
  return paths.join(', ');
}
