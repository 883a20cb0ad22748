import type { Db } from '../../db/Db.ts';
import { ownForm } from './formQueries.ts';

/** delete_form/: deletes the organisation's form (another's is a 404) and its submissions; contacts stay. */
export async function deleteForm(db: Db, orgId: number, formId: number, publicOrigin: string): Promise<void> {
  await ownForm(db, orgId, formId, publicOrigin);
  await db.deleteFrom('forms').where('org_id', '=', orgId).where('id', '=', formId).execute();
}
