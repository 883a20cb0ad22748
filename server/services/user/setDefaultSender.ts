import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { senderOfOrganisation } from './senderAddressQueries.ts';

/** Makes one of the organisation's senders its default (the publish step preselects it). */
export async function setDefaultSender(db: Kysely<Database>, orgId: number, senderId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await senderOfOrganisation(trx, orgId, senderId);
    await trx
      .updateTable('verified_addresses')
      .set({ is_default: false })
      .where('org_id', '=', orgId)
      .where('is_default', '=', true)
      .execute();
    await trx
      .updateTable('verified_addresses')
      .set({ is_default: true })
      .where('id', '=', senderId)
      .execute();
  });
}
