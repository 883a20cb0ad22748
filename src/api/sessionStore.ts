import {
  beginSession,
  endSession,
  hasSession,
  isSessionKey,
  type KeyValueStore,
  readCsrfToken,
} from '../../domain/sessionRule.ts';

/** 'here' for a change made by this page, 'other-tab' for one seen through a storage event. */
export type SessionChangeSource = 'here' | 'other-tab';
type Listener = (source: SessionChangeSource) => void;

function memoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

function browserStore(): KeyValueStore {
  try {
    const storage = globalThis.localStorage;
    const probe = '__wb_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    // Storage blocked (private mode, sandboxed frame): the session lasts as long as the page.
    return memoryStore();
  }
}

const store = browserStore();
const listeners = new Set<Listener>();

function notify(source: SessionChangeSource): void {
  for (const listener of [...listeners]) listener(source);
}

if (typeof window !== 'undefined') {
  // Another tab signed in or out.
  window.addEventListener('storage', (event) => {
    if (isSessionKey(event.key)) notify('other-tab');
  });
}

/** The browser's session and a signal for everything that must reset when it ends. */
export const sessionStore = {
  hasSession: (): boolean => hasSession(store),
  csrfToken: (): string | null => readCsrfToken(store),
  begin(csrfToken: string): void {
    beginSession(store, csrfToken);
    notify('here');
  },
  end(): void {
    const had = hasSession(store) || readCsrfToken(store) !== null;
    endSession(store);
    if (had) notify('here');
  },
  /** Called whenever the session begins or ends, in this tab or another. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
