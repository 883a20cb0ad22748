import type { Db } from '../../db/Db.ts';

/** Serialises the campaign changes of one organisation (positions and names are checked under this lock). */
export async function lockOrganisation(trx: Db, orgId: number) {
  await trx.selectFrom('organisations').select('id').where('id', '=', orgId).forUpdate().execute();
}
