/**
 * The session rule: the signed-in app has a session when the `logout` flag is not "1"
 * and a token is stored. Pure functions over a key-value store (localStorage in the browser).
 */
export const LOGOUT_FLAG_KEY = 'logout';
export const CSRF_TOKEN_KEY = 'csrf_token';

export type KeyValueStore = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
};

export function readCsrfToken(store: KeyValueStore): string | null {
  const token = store.getItem(CSRF_TOKEN_KEY);
  return token ? token : null;
}

export function hasSession(store: KeyValueStore): boolean {
  return store.getItem(LOGOUT_FLAG_KEY) !== '1' && readCsrfToken(store) !== null;
}

/** Sign-in (form, SSO landing or login redirect): logout "0" and the CSRF token stored. */
export function beginSession(store: KeyValueStore, csrfToken: string): void {
  const token = csrfToken.trim();
  if (!token) throw new Error('A session needs a token.');
  store.setItem(CSRF_TOKEN_KEY, token);
  store.setItem(LOGOUT_FLAG_KEY, '0');
}

/** Sign-out or a refused session: logout "1" and no token. */
export function endSession(store: KeyValueStore): void {
  store.setItem(LOGOUT_FLAG_KEY, '1');
  store.removeItem(CSRF_TOKEN_KEY);
}

/** True when a storage change (from another tab) touches the session keys. */
export function isSessionKey(key: string | null): boolean {
  return key === null || key === LOGOUT_FLAG_KEY || key === CSRF_TOKEN_KEY;
}
