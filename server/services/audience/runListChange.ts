import type { Transaction } from 'kysely';
import { LIST_NAME_EXISTS } from '../../../domain/audienceListSchemas.ts';
import type { Db } from '../../db/Db.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../lib/AppError.ts';

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/**
 * Runs a change of an organisation's lists in one transaction (the caller's, when it is in one) with the
 * organisation's row locked, so list changes of one organisation run one at a time (positions are
 * renumbered under this lock). A name taken by a concurrent change (the unique index) answers
 * LIST_NAME_EXISTS.
 */
export async function runListChange<T>(
  db: Db,
  orgId: number,
  change: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const run = async (trx: Transaction<Database>) => {
    await trx.selectFrom('organisations').select('id').where('id', '=', orgId).forUpdate().execute();
    return change(trx);
  };
  try {
    if (db.isTransaction) return await run(db as Transaction<Database>);
    return await db.transaction().execute(run);
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(LIST_NAME_EXISTS);
    throw error;
  }
}
