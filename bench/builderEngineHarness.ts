/**
 * The browser side of `npm run bench:builder`'s engine measurements (bundled by bench/builder.ts with
 * esbuild and loaded in Chromium from a small local page). It runs the builder's REAL engine
 * (src/engine: DraftStore, y-indexeddb persistence, the BroadcastChannel tab relay, the
 * commands and the undo store) without React, and exposes a few steps on window.__builderBench for the
 * bench to drive. Nothing here is used by the app.
 */
import { IndexeddbPersistence, storeState } from 'y-indexeddb';
import * as Y from 'yjs';
import { editNode } from '../src/engine/commands/editNode.ts';
import { DraftStore } from '../src/engine/draft/DraftStore.ts';
import { indexeddbDraftPersistence } from '../src/engine/draft/indexeddbDraftPersistence.ts';
import { type ServerWorkflow, WORKFLOW_DRAFTS, type WorkflowDraft } from '../src/engine/WorkflowDraft.ts';

type Timed = { ms: number };

const store = new DraftStore(WORKFLOW_DRAFTS, { persistence: indexeddbDraftPersistence });
let draft: WorkflowDraft | null = null;

function current(): WorkflowDraft {
  if (!draft) throw new Error('no draft open');
  return draft;
}

const stepIds = () =>
  Object.values(current().getSnapshot().flow)
    .filter((node) => node.type !== 'end')
    .map((node) => node.nodeId);

/** Waits for two animation frames: what the edit changed has had a chance to paint. */
const frames = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

function flush(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const db = request.result;
      const tx = db.transaction('updates', 'readwrite');
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

const bench = {
  /** Opens workflow `server` as the page would (IndexedDB, tab relay, open rule); returns the time. */
  async open(serverVersion: ServerWorkflow): Promise<Timed & { flowNodes: number; differs: boolean }> {
    const started = performance.now();
    const opened = await store.open(serverVersion.id, async () => structuredClone(serverVersion));
    draft = opened.draft;
    // What a first render needs: the snapshot and the canvas model (layout of every node).
    const snapshot = draft.getSnapshot();
    draft.getCanvasModel();
    const ms = performance.now() - started;
    return { ms, flowNodes: Object.keys(snapshot.flow).length, differs: opened.draftDiffersFromServer };
  },

  /** `count` edits, each its own command and transaction (each stored by y-indexeddb as it happens). */
  async edit(count: number, tag: string): Promise<Timed> {
    const d = current();
    const ids = stepIds();
    const started = performance.now();
    for (let i = 0; i < count; i += 1) {
      const nodeId = ids[i % ids.length] as string;
      d.run(editNode, { nodeId, patch: { title: `${tag} ${i}` } });
      // Let y-indexeddb's writes go out now and then, as they would between a user's edits.
      if (i % 500 === 499) await new Promise((resolve) => setTimeout(resolve, 0));
    }
    return { ms: performance.now() - started };
  },

  /** Undo of the last edit, with the snapshot and canvas model a re-render reads. */
  undoLast(): Timed & { undone: boolean } {
    const d = current();
    const started = performance.now();
    const undone = d.undo.undo();
    d.getSnapshot();
    d.getCanvasModel();
    return { ms: performance.now() - started, undone };
  },

  /**
   * Waits until y-indexeddb has written every update queued so far (a read-write transaction on its store
   * starts only after the earlier ones finished), then closes the draft (as leaving the page does).
   * Without the wait, a reload right after a burst of edits aborts the writes still queued.
   */
  async close(): Promise<void> {
    const d = current();
    await flush(`workflow:${d.workflowId}`);
    await d.close();
    draft = null;
  },

  /** Cross-tab: resolves with the wall time (timeOrigin + now) at which `title` appears on `nodeId`. */
  watchTitle(nodeId: string, title: string): Promise<number> {
    const d = current();
    return new Promise((resolve) => {
      const check = () => {
        if (d.getSnapshot().flow[nodeId]?.detail.title === title) {
          unsubscribe();
          resolve(performance.timeOrigin + performance.now());
        }
      };
      const unsubscribe = d.subscribe(check);
      check();
    });
  },

  /** Makes one edit; returns the wall time just before it is run. */
  editTitle(nodeId: string, title: string): number {
    const at = performance.timeOrigin + performance.now();
    current().run(editNode, { nodeId, patch: { title } });
    return at;
  },

  firstStepId(): string {
    return stepIds()[0] as string;
  },

  frames,

  /**
   * Waits (polling every 100 ms, at most 15 s) until y-indexeddb has compacted the draft's log to fewer
   * than `below` updates: it does so 1 s after the last update once the log holds 500 or more.
   */
  async waitForCompaction(workflowId: number, below: number): Promise<number> {
    const started = performance.now();
    for (;;) {
      const count = await bench.storedUpdates(workflowId);
      if (count < below || performance.now() - started > 15_000) return count;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  },

  /**
   * Compacts the stored log to one update with y-indexeddb's own storeState(persistence, true) (what the
   * engine could do on close), for the "compacted" reopen figure. Returns the stored count after.
   */
  async compact(workflowId: number): Promise<number> {
    const name = `workflow:${workflowId}`;
    const doc = new Y.Doc();
    const persistence = new IndexeddbPersistence(name, doc);
    await persistence.whenSynced;
    await storeState(persistence, true);
    await flush(name);
    await persistence.destroy();
    doc.destroy();
    return bench.storedUpdates(workflowId);
  },

  /** Whether some step of the open draft has this title. */
  hasTitle(title: string): boolean {
    return Object.values(current().getSnapshot().flow).some((node) => node.detail.title === title);
  },

  /** The IndexedDB part of an open alone: a new doc filled from y-indexeddb. */
  async loadOnly(workflowId: number): Promise<Timed & { bytes: number }> {
    const started = performance.now();
    const doc = new Y.Doc();
    const persistence = indexeddbDraftPersistence(`workflow:${workflowId}`, doc);
    await persistence.whenSynced;
    const ms = performance.now() - started;
    const bytes = Y.encodeStateAsUpdate(doc).byteLength;
    await persistence.destroy();
    doc.destroy();
    return { ms, bytes };
  },

  /** How many updates y-indexeddb holds for the draft (its log, compacted every 500 updates). */
  async storedUpdates(workflowId: number): Promise<number> {
    const name = `workflow:${workflowId}`;
    return new Promise((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onerror = () => reject(request.error);
      request.onsuccess = () => {
        const db = request.result;
        const tx = db.transaction('updates', 'readonly');
        const countRequest = tx.objectStore('updates').count();
        countRequest.onsuccess = () => {
          db.close();
          resolve(countRequest.result);
        };
        countRequest.onerror = () => reject(countRequest.error);
      };
    });
  },
};

declare global {
  interface Window {
    __builderBench: typeof bench;
  }
}
window.__builderBench = bench;
