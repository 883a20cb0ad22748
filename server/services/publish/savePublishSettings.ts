import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/AppError.ts';
import { editionForSend } from './editionForSend.ts';

export type PublishSettingsInput = {
  version_id: number;
  sender_address_id?: number;
  sender_name?: string;
  subject?: string;
  list_ids?: number[];
  contact_ids?: number[];
};

/** Refuses (404) an id list naming anything not of the organisation. */
async function assertOwn(
  db: Kysely<Database>,
  table: 'contact_lists' | 'contacts',
  orgId: number,
  ids: readonly number[] | undefined,
  message: string,
): Promise<void> {
  if (!ids?.length) return;
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('org_id', '=', orgId)
    .where('id', 'in', [...ids])
    .execute();
  if (rows.length !== new Set(ids).size) throw notFound(message);
}

/**
 * publish_configurations/: saves what the publish step shows, field by field as it is (an empty subject or
 * sender name too: the preflight names what is missing, so nothing typed is lost). The sender must be one
 * of the organisation's verified addresses, the lists and contacts its own (else 404); a sent edition is
 * not changed any more.
 */
export async function savePublishSettings(
  db: Kysely<Database>,
  user: UserRow,
  input: PublishSettingsInput,
): Promise<void> {
  const edition = await editionForSend(db, user.org_id, input.version_id);
  if (edition.status === 'sent')
    throw badRequest('This edition has been sent: make a new edition to change it.');
  if (input.sender_address_id !== undefined) {
    const found = await db
      .selectFrom('verified_addresses')
      .select('id')
      .where('id', '=', input.sender_address_id)
      .where('org_id', '=', user.org_id)
      .executeTakeFirst();
    if (!found) throw notFound('Sender address not found.');
  }
  await assertOwn(db, 'contact_lists', user.org_id, input.list_ids, 'List not found.');
  await assertOwn(db, 'contacts', user.org_id, input.contact_ids, 'Contact not found.');
  await db
    .updateTable('email_versions')
    .set({
      ...(input.sender_address_id !== undefined ? { sender_address_id: input.sender_address_id } : {}),
      ...(input.sender_name !== undefined ? { sender_name: input.sender_name } : {}),
      ...(input.subject !== undefined ? { subject: input.subject } : {}),
      ...(input.list_ids !== undefined ? { audience_list_ids: [...new Set(input.list_ids)] } : {}),
      ...(input.contact_ids !== undefined ? { audience_contact_ids: [...new Set(input.contact_ids)] } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', edition.id)
    .execute();
}
