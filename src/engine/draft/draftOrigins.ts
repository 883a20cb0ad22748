/**
 * Transaction origins of a draft's Y.Doc (a workflow's or an email design's). Every write to the document
 * carries one of these, so that the undo manager, the tab relay and the dirty tracking can tell who changed
 * what:
 * - LOCAL_USER: an edit made by the person in this tab (a command). The undo store tracks it (and the
 *   origins an editor adds, such as y-prosemirror's for text typed in place).
 * - SERVER_LOAD: the server's version written into the doc on open or on "discard my draft", and the
 *   saved marker written after a save (never undoable).
 * - REMOTE_TAB: an update relayed from another tab of this browser by BroadcastChannelProvider (never
 *   re-broadcast, never undoable here).
 * - PERSISTENCE: updates replayed from local storage by the in-memory persistence (y-indexeddb's
 *   IndexeddbPersistence uses its own instance as origin).
 * Origins are compared by identity (Yjs keeps them as given), so they are unique string constants.
 */
export const LOCAL_USER = 'draft:local-user' as const;
export const SERVER_LOAD = 'draft:server-load' as const;
export const REMOTE_TAB = 'draft:remote-tab' as const;
export const PERSISTENCE = 'draft:persistence' as const;

export type DraftOrigin = typeof LOCAL_USER | typeof SERVER_LOAD | typeof REMOTE_TAB | typeof PERSISTENCE;
