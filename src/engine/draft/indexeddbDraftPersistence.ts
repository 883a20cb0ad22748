import { IndexeddbPersistence, PREFERRED_TRIM_SIZE, storeState } from 'y-indexeddb';
import type * as Y from 'yjs';
import type { DraftPersistenceFactory } from './draftPersistence.ts';

/**
 * The browser's draft persistence: y-indexeddb, one IndexedDB database per draft doc name
 * (`workflow:<id>`, `design:<version_id>`). Its updates carry the IndexeddbPersistence instance as origin.
 * Tested in the browser (e2e); Node tests use createMemoryDraftPersistence.
 *
 * Compaction: y-indexeddb appends one stored update per edit and merges them only after a second with no
 * edit, so a long burst of edits (or a tab closed during one) leaves tens of thousands of stored updates
 * that the next open must read one by one. Here the stored log is compacted (the whole state written as
 * one update, the older ones deleted) every PREFERRED_TRIM_SIZE local edits, once after the draft is
 * loaded, when the page is hidden or closed, and when the draft is closed, so a reopen reads at most a few
 * hundred updates.
 */
export const indexeddbDraftPersistence: DraftPersistenceFactory = (name, doc: Y.Doc) => {
  const persistence = new IndexeddbPersistence(name, doc);
  let sinceCompaction = 0;
  let compacting: Promise<void> | null = null;
  let closed = false;
  const compact = () => {
    if (compacting || closed) return compacting;
    sinceCompaction = 0;
    compacting = storeState(persistence, true)
      .catch(() => {})
      .finally(() => {
        compacting = null;
      });
    return compacting;
  };
  const onUpdate = (_update: Uint8Array, origin: unknown) => {
    if (origin === persistence) return;
    sinceCompaction += 1;
    if (sinceCompaction >= PREFERRED_TRIM_SIZE) void compact();
  };
  doc.on('update', onUpdate);
  const onPageHide = () => void compact();
  globalThis.addEventListener?.('pagehide', onPageHide);
  void persistence.whenSynced.then(() => compact());
  return {
    whenSynced: persistence.whenSynced,
    async destroy() {
      doc.off('update', onUpdate);
      globalThis.removeEventListener?.('pagehide', onPageHide);
      await (compacting ?? Promise.resolve());
      await compact();
      closed = true;
      await persistence.destroy();
    },
    clearData: () => persistence.clearData(),
  };
};
