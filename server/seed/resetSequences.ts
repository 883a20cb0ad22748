import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type SerialTable =
  | 'organisations'
  | 'users'
  | 'accounts'
  | 'contacts'
  | 'contact_lists'
  | 'campaigns'
  | 'emails'
  | 'subscription_topics';

/**
 * The seed writes explicit ids; this moves each serial sequence past the highest id (and past `floor`
 * where given), so rows created later never collide with seeded ones.
 */
export async function resetSequences(
  trx: Transaction<Database>,
  tables: readonly SerialTable[],
  floors: Partial<Record<SerialTable, number>> = {},
): Promise<void> {
  for (const table of tables) {
    const floor = floors[table] ?? 1;
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.table(table)}), ${floor}::bigint))`.execute(
      trx,
    );
  }
}
