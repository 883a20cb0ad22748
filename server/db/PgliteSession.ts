import type { PGlite } from '@electric-sql/pglite';

/** One statement's answer: its rows and, for a write, how many rows it touched. */
export type PgliteResult = { rows: unknown[]; affectedRows?: number };

/**
 * What the server asks of embedded PGlite, whether it runs on the event loop (inlinePglite) or in its own
 * thread (PgliteThread). PGlite has one connection: the Kysely driver (pgliteDialect) hands it to one
 * caller at a time, and statements sent here directly must go through db.connection() for the same reason.
 */
export interface PgliteSession {
  /** One statement through the extended protocol (bound parameters); a blob is what /dev/blob reads. */
  query(sql: string, params: unknown[], options?: { blob?: Blob }): Promise<PgliteResult>;
  /** A script through the simple protocol (several statements, no parameters): the last one's answer. */
  execLast(sql: string): Promise<PgliteResult>;
  isInTransaction(): Promise<boolean>;
  /** LISTEN on a channel; the answer stops listening. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  readonly closed: boolean;
  close(): Promise<void>;
}

const NO_ROWS: PgliteResult = { rows: [] };

/** A PGlite that runs on the calling thread (tests, tools): each call is the instance's own. */
export function inlinePglite(pg: PGlite): PgliteSession {
  return {
    query: async (sql, params, options) => {
      const result = await pg.query(sql, params, options?.blob ? { blob: options.blob } : undefined);
      return { rows: result.rows, affectedRows: result.affectedRows };
    },
    execLast: async (sql) => {
      const last = (await pg.exec(sql)).at(-1);
      return last ? { rows: last.rows, affectedRows: last.affectedRows } : NO_ROWS;
    },
    isInTransaction: async () => pg.isInTransaction(),
    listen: (channel, onNotify) => pg.listen(channel, onNotify),
    get closed() {
      return pg.closed;
    },
    close: () => pg.close(),
  };
}
