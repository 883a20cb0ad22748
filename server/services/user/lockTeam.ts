import type { Db } from '../../db/Db.ts';

/** Serialises the team changes of one organisation, so the last-administrator rule holds under races. */
export async function lockTeam(trx: Db, orgId: number): Promise<void> {
  await trx.selectFrom('organisations').select('id').where('id', '=', orgId).forUpdate().execute();
}
