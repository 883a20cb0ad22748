import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Whether this connection may set session_replication_role (a superuser, or granted SET on it, PG 15+). */
async function mayReplicate(trx: Transaction<Database>): Promise<boolean> {
  const { rows } = await sql<{ su: string; version: string }>`
    select current_setting('is_superuser') as su, current_setting('server_version_num') as version`.execute(
    trx,
  );
  if (rows[0]?.su === 'on') return true;
  if (Number(rows[0]?.version) < 150_000) return false;
  const granted = await sql<{ ok: boolean }>`
    select has_parameter_privilege(current_user, 'session_replication_role', 'SET') as ok`.execute(trx);
  return granted.rows[0]?.ok === true;
}

/**
 * For a set-wise write of many rows whose references the caller guarantees (rows it has just written or
 * locked): skips the per-row foreign-key triggers until the transaction ends (session_replication_role =
 * replica; triggers marked ENABLE ALWAYS, such as the audience counts, still run). A foreign key checks
 * its target once per written or deleted row, which dominates bulk imports and deletes, on PGlite above
 * all. Answers false, changing nothing, when the connection may not (PostgreSQL without a superuser or
 * the grant in docs/audiences.md): the foreign keys then act as usual. Call restoreRowForeignKeyChecks
 * before any other write in the same transaction.
 */
export async function skipRowForeignKeyChecks(trx: Transaction<Database>): Promise<boolean> {
  if (!(await mayReplicate(trx))) return false;
  await sql`set local session_replication_role = replica`.execute(trx);
  return true;
}

/** Per-row foreign-key triggers again for the rest of the transaction. */
export async function restoreRowForeignKeyChecks(trx: Transaction<Database>): Promise<void> {
  await sql`set local session_replication_role = origin`.execute(trx);
}
