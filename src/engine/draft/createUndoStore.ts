import * as Y from 'yjs';
import { LOCAL_USER } from './draftOrigins.ts';

/**
 * Undo and redo of this tab's edits: one Y.UndoManager over the shared types an editor names (never the
 * saved marker) that tracks ONLY this tab's origins: LOCAL_USER (commands) and whatever the editor adds
 * with trackOrigin (the designer adds y-prosemirror's, so text typed in place shares the history). Edits
 * from other tabs, persistence and server loads are never undone here. Edits closer together than
 * captureTimeout (500 ms: a burst of typing) merge into one step; commands that must stay their own step
 * are followed by stopCapturing(). The availability is a tiny external store for React's
 * useSyncExternalStore: useSyncExternalStore(undo.subscribe, undo.getSnapshot); getSnapshot returns the
 * same object until canUndo/canRedo change.
 */
export type UndoSnapshot = { canUndo: boolean; canRedo: boolean };

export type UndoStore = {
  manager: Y.UndoManager;
  undo(): boolean;
  redo(): boolean;
  stopCapturing(): void;
  /** Forgets the history (after the server's version replaced the doc). */
  clear(): void;
  /** Tracks one more origin as this tab's own (an editor binding's, such as y-prosemirror's). */
  trackOrigin(origin: unknown): void;
  subscribe(listener: () => void): () => void;
  getSnapshot(): UndoSnapshot;
  destroy(): void;
};

export const TYPING_CAPTURE_TIMEOUT_MS = 500;

/** A shared type the undo store may cover (a Y.Map, Y.Array, Y.XmlFragment ... of the doc). */
export type UndoScopeType = Exclude<Y.UndoManager['scope'][number], Y.Doc>;

export function createUndoStore(
  scope: readonly UndoScopeType[],
  options: { captureTimeout?: number } = {},
): UndoStore {
  const manager = new Y.UndoManager([...scope], {
    trackedOrigins: new Set<unknown>([LOCAL_USER]),
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
    trackOrigin: (origin) => manager.addTrackedOrigin(origin),
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
