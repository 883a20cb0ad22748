/**
 * Transaction origins of the workflow Y.Doc. Every write to the document carries one of these, so that
 * the undo manager, the tab relay and the dirty tracking can tell who changed what:
 * - LOCAL_USER: an edit made by the person in this tab (a command). The only origin Y.UndoManager tracks.
 * - SERVER_LOAD: the server's version written into the doc on open or on "discard my draft", and the
 *   saved marker written after a save (never undoable).
 * - REMOTE_TAB: an update relayed from another tab of this browser by BroadcastChannelProvider (never
 *   re-broadcast, never undoable here).
 * - PERSISTENCE: updates replayed from local storage by an injected persistence (the in-memory one uses
 *   it; y-indexeddb's IndexeddbPersistence uses its own instance as origin, see isPersistenceOrigin).
 * Origins are compared by identity (Yjs keeps them as given), so they are unique string constants.
 */
export const LOCAL_USER = 'workflow:local-user' as const;
export const SERVER_LOAD = 'workflow:server-load' as const;
export const REMOTE_TAB = 'workflow:remote-tab' as const;
export const PERSISTENCE = 'workflow:persistence' as const;

export type WorkflowOrigin = typeof LOCAL_USER | typeof SERVER_LOAD | typeof REMOTE_TAB | typeof PERSISTENCE;

/** True for updates coming from local storage (ours, or an object such as an IndexeddbPersistence). */
export function isPersistenceOrigin(origin: unknown): boolean {
  return (
    origin === PERSISTENCE ||
    (typeof origin === 'object' && origin !== null && origin.constructor?.name === 'IndexeddbPersistence')
  );
}
