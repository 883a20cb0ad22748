import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type PgBoss from 'pg-boss';

/**
 * pg-boss's `db` interface over a Kysely database or transaction (one code path for PGlite and
 * PostgreSQL): a job sent with it exists exactly when the caller's transaction commits, and on PGlite it
 * never waits for the connection the transaction holds.
 */
// biome-ignore lint/suspicious/noExplicitAny: any database schema
export function kyselyExecutor(db: Kysely<any> | Transaction<any>): PgBoss.Db {
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      const result = await db.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] };
    },
  };
}
