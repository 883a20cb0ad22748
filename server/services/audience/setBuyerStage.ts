import type { Kysely } from 'kysely';
import type { PeopleSelection } from '../../../domain/audiencePeople.ts';
import type { Database } from '../../db/schema.ts';
import { selectionIds } from './peopleSelectionQueries.ts';

/** update_buyer_stage/: the buyer stage of the selected contacts, in one statement (nothing else, status included). */
export async function setBuyerStage(
  db: Kysely<Database>,
  orgId: number,
  selection: PeopleSelection,
  stage: string,
): Promise<number> {
  const result = await db
    .updateTable('contacts')
    .set({ buyer_stage: stage })
    .where('org_id', '=', orgId)
    .where('id', 'in', selectionIds(db, orgId, selection))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
