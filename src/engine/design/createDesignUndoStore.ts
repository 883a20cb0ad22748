import * as Y from 'yjs';
import { TYPING_CAPTURE_TIMEOUT_MS, type UndoSnapshot, type UndoStore } from '../createUndoStore.ts';
import { LOCAL_USER } from '../workflowOrigins.ts';
import { blocksOf, metaOf, themeOf } from './designDoc.ts';

/**
 * Undo and redo of this tab's design edits: one Y.UndoManager over the blocks, the theme and the meta,
 * tracking ONLY this tab's origins: LOCAL_USER (commands) and whatever the screen adds with
 * trackOrigin, i.e. y-prosemirror's ySyncPluginKey, so text typed in place is undone by the same
 * buttons and keys, in the same history as the structural edits. Other tabs' edits (REMOTE_TAB), the
 * stored draft and the server load are never undone here. Same shape as the builder's UndoStore.
 */
export type DesignUndoStore = UndoStore & { trackOrigin(origin: unknown): void };

export function createDesignUndoStore(
  doc: Y.Doc,
  options: { captureTimeout?: number } = {},
): DesignUndoStore {
  const manager = new Y.UndoManager([blocksOf(doc), themeOf(doc), metaOf(doc)], {
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
