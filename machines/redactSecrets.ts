/** Keys whose values are never written to an event log, at any depth. */
export const SECRET_KEY_PATTERN = /password|token|csrf|secret|cookie|authorization/i;

export const REDACTED = '[redacted]';

const MAX_DEPTH = 12;

/**
 * A JSON-safe copy of `value` with secrets replaced by "[redacted]": the value of every key matching
 * SECRET_KEY_PATTERN (recursively, in objects and arrays) and every string equal to, or containing, one of
 * `secretValues` (e.g. the session's CSRF token). Functions, symbols and actor references are dropped;
 * Errors become `{ name, message, ...their own fields }`.
 */
export function redactSecrets(value: unknown, secretValues: readonly string[] = [], depth = 0): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === 'string') return redactString(value, secretValues);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, secretValues, depth + 1));
  if (value instanceof Date) return value.toISOString();
  if ('sessionId' in value && 'send' in value) return '[actor]';
  const source: Record<string, unknown> =
    value instanceof Error ? { ...value, name: value.name, message: value.message } : { ...value };
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(source)) {
    if (typeof item === 'function' || typeof item === 'symbol' || item === undefined) continue;
    copy[key] = SECRET_KEY_PATTERN.test(key) ? REDACTED : redactSecrets(item, secretValues, depth + 1);
  }
  return copy;
}

function redactString(value: string, secretValues: readonly string[]): string {
  let result = value;
  for (const secret of secretValues) {
    if (secret.length >= 8 && result.includes(secret)) result = result.split(secret).join(REDACTED);
  }
  return result;
}
