import { describe, expect, it } from 'vitest';
import {
  beginSession,
  CSRF_TOKEN_KEY,
  endSession,
  hasSession,
  isSessionKey,
  type KeyValueStore,
  LOGOUT_FLAG_KEY,
  readCsrfToken,
} from '../../domain/sessionRule.ts';

function store(initial: Record<string, string> = {}): KeyValueStore & { values: Map<string, string> } {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

describe('session rule (spec 01 section 6)', () => {
  it('no flag and no token: no session', () => {
    expect(hasSession(store())).toBe(false);
  });

  it('a token with the logout flag "0" is a session', () => {
    expect(hasSession(store({ [LOGOUT_FLAG_KEY]: '0', [CSRF_TOKEN_KEY]: 'tok' }))).toBe(true);
  });

  it('a token without any logout flag is a session (flag not equal to "1")', () => {
    expect(hasSession(store({ [CSRF_TOKEN_KEY]: 'tok' }))).toBe(true);
  });

  it('the logout flag "1" ends the session even with a token', () => {
    expect(hasSession(store({ [LOGOUT_FLAG_KEY]: '1', [CSRF_TOKEN_KEY]: 'tok' }))).toBe(false);
  });

  it('a flag "0" without a token is no session', () => {
    expect(hasSession(store({ [LOGOUT_FLAG_KEY]: '0' }))).toBe(false);
    expect(hasSession(store({ [LOGOUT_FLAG_KEY]: '0', [CSRF_TOKEN_KEY]: '' }))).toBe(false);
  });

  it('sign-in sets logout "0" and stores the token', () => {
    const s = store({ [LOGOUT_FLAG_KEY]: '1' });
    beginSession(s, 'abc123');
    expect(s.values.get(LOGOUT_FLAG_KEY)).toBe('0');
    expect(readCsrfToken(s)).toBe('abc123');
    expect(hasSession(s)).toBe(true);
  });

  it('sign-in refuses an empty token', () => {
    expect(() => beginSession(store(), '  ')).toThrow();
  });

  it('sign-out sets logout "1" and removes the token', () => {
    const s = store();
    beginSession(s, 'abc123');
    endSession(s);
    expect(s.values.get(LOGOUT_FLAG_KEY)).toBe('1');
    expect(s.values.has(CSRF_TOKEN_KEY)).toBe(false);
    expect(hasSession(s)).toBe(false);
  });

  it('recognises storage events about the session keys', () => {
    expect(isSessionKey(LOGOUT_FLAG_KEY)).toBe(true);
    expect(isSessionKey(CSRF_TOKEN_KEY)).toBe(true);
    expect(isSessionKey(null)).toBe(true);
    expect(isSessionKey('theme')).toBe(false);
  });
});
