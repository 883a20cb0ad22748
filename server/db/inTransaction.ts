import type { Transaction } from 'kysely';
import type { Db } from './Db.ts';
import type { Database } from './schema.ts';

/** Runs a change in a transaction of its own, or in the caller's when it is given one. */
export async function inTransaction<T>(db: Db, run: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return run(db as Transaction<Database>);
  return db.transaction().execute(run);
}
