import * as Y from 'yjs';
import { metaOf, newlyAddedOf, nodesOf } from './workflowDoc.ts';
import { LOCAL_USER } from './workflowOrigins.ts';

/**
 * Undo and redo of this tab's edits: a Y.UndoManager over the nodes, the metadata and the newly-added set
 * that tracks ONLY the LOCAL_USER origin (edits from other tabs, persistence and server loads are never
 * undone here). Edits closer together than captureTimeout (500 ms: a burst of typing) merge into one
 * step; commands that must stay their own step (add, delete, paste, a drag committed on drop) are followed
 * by stopCapturing(). The availability is a tiny external store for React's useSyncExternalStore:
 *   useSyncExternalStore(undo.subscribe, undo.getSnapshot)
 * getSnapshot returns the same object until canUndo/canRedo change.
 */
export type UndoSnapshot = { canUndo: boolean; canRedo: boolean };

export type UndoStore = {
  manager: Y.UndoManager;
  undo(): boolean;
  redo(): boolean;
  stopCapturing(): void;
  /** Forgets the history (after the server's version replaced the doc). */
  clear(): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): UndoSnapshot;
  destroy(): void;
};

export const TYPING_CAPTURE_TIMEOUT_MS = 500;

export function createUndoStore(doc: Y.Doc, options: { captureTimeout?: number } = {}): UndoStore {
  const manager = new Y.UndoManager([nodesOf(doc), metaOf(doc), newlyAddedOf(doc)], {
    trackedOrigins: new Set([LOCAL_USER]),
    captureTimeout: options.captureTimeout ?? TYPING_CAPTURE_TIMEOUT_MS,
  });
  const listeners = new Set<() => void>();
  let snapshot: UndoSnapshot = { canUndo: false, canRedo: false };
  const refresh = () => {
    const canUndo = manager.canUndo();
    const canRedo = manager.canRedo();
    if (canUndo === snapshot.canUndo && canRedo === snapshot.canRedo) return;
    snapshot = { canUndo, canRedo };
    for (const listener of [...listeners]) listener();
  };
  const events = ['stack-item-added', 'stack-item-popped', 'stack-cleared', 'stack-item-updated'] as const;
  for (const name of events) manager.on(name, refresh);
  return {
    manager,
    undo: () => manager.undo() !== null,
    redo: () => manager.redo() !== null,
    stopCapturing: () => manager.stopCapturing(),
    clear: () => {
      manager.clear();
      refresh();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    destroy: () => {
      for (const name of events) manager.off(name, refresh);
      listeners.clear();
      manager.destroy();
    },
  };
}
