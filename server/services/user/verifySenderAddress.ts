import type { Kysely } from 'kysely';
import { SENDER_LINK_SPENT, type SenderVerified } from '../../../domain/senderAddresses.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../lib/AppError.ts';
import { findLiveSenderRequest, findVerifiedSender } from './senderAddressQueries.ts';

/**
 * Spends a verification key: its address becomes a verified sender of the organisation (the default when
 * the organisation has none), in one transaction. An address verified meanwhile stays as it is.
 */
export async function verifySenderAddress(
  db: Kysely<Database>,
  keyHash: string,
  now: Date,
): Promise<SenderVerified> {
  return db.transaction().execute(async (trx) => {
    const request = await findLiveSenderRequest(trx, keyHash, now);
    if (!request) throw badRequest(SENDER_LINK_SPENT);
    await trx.deleteFrom('sender_address_requests').where('id', '=', request.id).execute();
    const existing = await findVerifiedSender(trx, request.org_id, request.address);
    if (existing) {
      return {
        email: request.address,
        organisation_name: request.organisation_name,
        is_default: existing.is_default,
      };
    }
    const hasDefault = await trx
      .selectFrom('verified_addresses')
      .select('id')
      .where('org_id', '=', request.org_id)
      .where('is_default', '=', true)
      .executeTakeFirst();
    await trx
      .insertInto('verified_addresses')
      .values({
        org_id: request.org_id,
        address: request.address,
        sender_name: request.sender_name,
        is_default: !hasDefault,
        verified_at: now,
      })
      .execute();
    return {
      email: request.address,
      organisation_name: request.organisation_name,
      is_default: !hasDefault,
    };
  });
}
