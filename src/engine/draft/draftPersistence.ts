import * as Y from 'yjs';
import { PERSISTENCE } from './draftOrigins.ts';

/**
 * Where drafts are kept across reloads and crashes. The browser uses y-indexeddb
 * (indexeddbDraftPersistence.ts); tests and any environment without IndexedDB use the in-memory one
 * below, which behaves the same way: it replays the stored updates into the doc (origin PERSISTENCE),
 * then stores every later update as it happens, and merges its log when it grows (like y-indexeddb's
 * trim at 500 updates).
 */
export type DraftPersistence = {
  /** Resolves once the stored draft has been applied to the doc. */
  whenSynced: Promise<unknown>;
  /** Stops storing (what was stored stays). */
  destroy(): Promise<void>;
  /** Deletes the stored draft. */
  clearData(): Promise<void>;
};

export type DraftPersistenceFactory = (name: string, doc: Y.Doc) => DraftPersistence;

export const MEMORY_TRIM_SIZE = 500;

/** An in-memory "IndexedDB": one shared store per factory, so a new doc with the same name gets the draft back. */
export function createMemoryDraftPersistence(): DraftPersistenceFactory & {
  stored(name: string): Uint8Array[];
} {
  const store = new Map<string, Uint8Array[]>();
  const factory = (name: string, doc: Y.Doc): DraftPersistence => {
    let destroyed = false;
    const onUpdate = (update: Uint8Array, origin: unknown) => {
      if (destroyed || origin === PERSISTENCE) return;
      const log = store.get(name) ?? [];
      log.push(update);
      if (log.length >= MEMORY_TRIM_SIZE) store.set(name, [Y.mergeUpdates(log)]);
      else store.set(name, log);
    };
    const whenSynced = Promise.resolve().then(() => {
      const log = store.get(name) ?? [];
      if (log.length > 0 && !destroyed) {
        doc.transact(() => {
          for (const update of log) Y.applyUpdate(doc, update, PERSISTENCE);
        }, PERSISTENCE);
      }
      // What this doc had before it was opened is stored too.
      if (!destroyed) store.set(name, [Y.encodeStateAsUpdate(doc)]);
      doc.on('update', onUpdate);
    });
    return {
      whenSynced,
      destroy: async () => {
        destroyed = true;
        doc.off('update', onUpdate);
      },
      clearData: async () => {
        destroyed = true;
        doc.off('update', onUpdate);
        store.delete(name);
      },
    };
  };
  return Object.assign(factory, { stored: (name: string) => store.get(name) ?? [] });
}
