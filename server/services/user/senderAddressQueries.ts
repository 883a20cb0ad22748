import type { SenderAddress, SenderRequest } from '../../../domain/senderAddresses.ts';
import type { Db } from '../../db/Db.ts';
import { notFound } from '../../lib/AppError.ts';

/** The organisation's verified senders, the default first, then in the order they were added. */
export async function verifiedSendersOf(db: Db, orgId: number): Promise<SenderAddress[]> {
  const rows = await db
    .selectFrom('verified_addresses')
    .select(['id', 'address', 'sender_name', 'is_default', 'verified_at'])
    .where('org_id', '=', orgId)
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.address,
    sender_name: row.sender_name,
    is_default: row.is_default,
    verified_at: row.verified_at.toISOString(),
  }));
}

/** Addresses of the organisation waiting for their verification link (expired ones too), newest first. */
export async function senderRequestsOf(db: Db, orgId: number): Promise<SenderRequest[]> {
  const rows = await db
    .selectFrom('sender_address_requests')
    .select(['id', 'address', 'sender_name', 'created_at', 'expires_at'])
    .where('org_id', '=', orgId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(requestOf);
}

export function requestOf(row: {
  id: number;
  address: string;
  sender_name: string;
  created_at: Date;
  expires_at: Date;
}): SenderRequest {
  return {
    id: row.id,
    email: row.address,
    sender_name: row.sender_name,
    requested_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
  };
}

/** The verified sender of this organisation with this address (any case), if there is one. */
export async function findVerifiedSender(db: Db, orgId: number, address: string) {
  return db
    .selectFrom('verified_addresses')
    .select(['id', 'is_default'])
    .where('org_id', '=', orgId)
    .where((eb) => eb(eb.fn('lower', ['address']), '=', address.toLowerCase()))
    .executeTakeFirst();
}

/** The live request behind a verification key, with its organisation's name. */
export async function findLiveSenderRequest(db: Db, keyHash: string, now: Date) {
  return db
    .selectFrom('sender_address_requests as r')
    .innerJoin('organisations as o', 'o.id', 'r.org_id')
    .select(['r.id', 'r.org_id', 'r.address', 'r.sender_name', 'o.name as organisation_name'])
    .where('r.key_hash', '=', keyHash)
    .where('r.expires_at', '>', now)
    .executeTakeFirst();
}

export const SENDER_VERIFICATION_KIND = 'sender_verification';

/** The name of an edition whose send (scheduled, sending or paused) comes from this sender, if any. */
export async function editionSendingFrom(db: Db, orgId: number, senderId: number) {
  return db
    .selectFrom('edition_sends as s')
    .innerJoin('email_versions as v', 'v.id', 's.version_id')
    .select('v.name')
    .where('s.org_id', '=', orgId)
    .where('v.sender_address_id', '=', senderId)
    .where('s.status', 'in', ['scheduled', 'sending', 'paused'])
    .executeTakeFirst();
}

/** One of the organisation's senders (another organisation's is not found). */
export async function senderOfOrganisation(db: Db, orgId: number, senderId: number) {
  const sender = await db
    .selectFrom('verified_addresses')
    .select(['id', 'address', 'is_default'])
    .where('id', '=', senderId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (!sender) throw notFound('Sender address not found.');
  return sender;
}
