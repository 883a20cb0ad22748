import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/AppError.ts';
import { EDITION_COLUMNS, EDITION_NOT_FOUND } from './designQueries.ts';

export type SendEdition = Awaited<ReturnType<typeof editionForSend>>;

/**
 * The edition of this organisation (else 404) as the publish step sees it: its email, its sender (the one
 * chosen, else the organisation's default, else its first verified address) and what the publish step
 * saved. The subject is the edition's own: what the publish step shows is what is checked and sent.
 */
export async function editionForSend(db: Kysely<Database>, orgId: number, versionId: number) {
  const row = await db
    .selectFrom('email_versions as v')
    .innerJoin('emails as e', 'e.id', 'v.email_id')
    .leftJoin('verified_addresses as a', (join) =>
      join.onRef('a.id', '=', 'v.sender_address_id').onRef('a.org_id', '=', 'v.org_id'),
    )
    .select([
      ...EDITION_COLUMNS,
      'v.html',
      'v.sender_address_id',
      'v.sender_name',
      'v.audience_list_ids',
      'v.audience_contact_ids',
      'v.outlook_route',
      'e.campaign_id',
      'e.sender_name as email_sender_name',
      'a.address as sender_address',
    ])
    .where('v.id', '=', versionId)
    .where('v.org_id', '=', orgId)
    .executeTakeFirst();
  if (!row) throw notFound(EDITION_NOT_FOUND);
  if (row.sender_address === null) {
    const fallback = await db
      .selectFrom('verified_addresses')
      .select(['id', 'address', 'sender_name'])
      .where('org_id', '=', orgId)
      .orderBy('is_default', 'desc')
      .orderBy('id')
      .executeTakeFirst();
    if (fallback) {
      return {
        ...row,
        sender_address_id: fallback.id,
        sender_address: fallback.address,
        sender_name: row.sender_name ?? (fallback.sender_name || null),
      };
    }
  }
  return row;
}

/** What a send takes from the publish step, fixed on the edition when it is sent or scheduled. */
export function senderOf(edition: SendEdition) {
  return {
    sender_address_id: edition.sender_address_id,
    sender_name: edition.sender_name ?? edition.email_sender_name,
    subject: edition.subject,
  };
}
