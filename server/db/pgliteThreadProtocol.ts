/** The messages between PgliteThread (the server's thread) and pgliteWorker.ts (PGlite's own thread). */

/** What the server asks the thread to do. */
export type PgliteThreadCall =
  | { op: 'open'; dataDir: string; template?: ArrayBuffer }
  | { op: 'query'; sql: string; params: unknown[]; blob?: ArrayBuffer }
  | { op: 'execLast'; sql: string }
  | { op: 'isInTransaction' }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'close' };

/** A call with its number, which the reply carries back. */
export type PgliteThreadRequest = { id: number } & PgliteThreadCall;

/** A database error's fields (code, constraint, detail…) as plain data: an Error's own fields do not cross. */
export type PgliteThreadError = { message: string; name: string; fields: Record<string, string | number> };

export type PgliteThreadReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: PgliteThreadError }
  | { notify: string; payload: string }
  /** The thread has loaded its code and takes requests. */
  | { ready: true };
