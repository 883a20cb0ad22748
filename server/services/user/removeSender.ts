import type { Kysely } from 'kysely';
import { SENDER_ONLY_DEFAULT } from '../../../domain/senderAddresses.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../lib/AppError.ts';
import { editionSendingFrom, senderOfOrganisation } from './senderAddressQueries.ts';

/**
 * Removes a sender. Refused for the default while no other sender can take its place, and while a
 * scheduled, running or paused send comes from it. A default removed hands its place to the oldest other
 * sender. Editions that chose it fall back to the default.
 */
export async function removeSender(db: Kysely<Database>, orgId: number, senderId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const sender = await senderOfOrganisation(trx, orgId, senderId);
    const next = await trx
      .selectFrom('verified_addresses')
      .select('id')
      .where('org_id', '=', orgId)
      .where('id', '!=', senderId)
      .orderBy('id')
      .executeTakeFirst();
    if (sender.is_default && !next) throw badRequest(SENDER_ONLY_DEFAULT);
    const sending = await editionSendingFrom(trx, orgId, senderId);
    if (sending) {
      throw badRequest(
        `${sender.address} sends “${sending.name}”, which is scheduled or under way: choose another sender on its Publish step first.`,
      );
    }
    await trx.deleteFrom('verified_addresses').where('id', '=', senderId).execute();
    if (sender.is_default && next) {
      await trx
        .updateTable('verified_addresses')
        .set({ is_default: true })
        .where('id', '=', next.id)
        .execute();
    }
  });
}
