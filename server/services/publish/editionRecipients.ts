import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { countRecipients, type RecipientsCount } from './editionAudience.ts';
import { editionForSend } from './editionForSend.ts';

/** recipients_count/: who a send of this audience (else the edition's saved one) reaches, who it leaves out. */
export async function editionRecipients(
  db: Kysely<Database>,
  user: UserRow,
  input: { version_id: number; list_ids?: number[]; contact_ids?: number[] },
): Promise<RecipientsCount> {
  const edition = await editionForSend(db, user.org_id, input.version_id);
  return countRecipients(db, {
    orgId: user.org_id,
    listIds: input.list_ids ?? edition.audience_list_ids,
    contactIds: input.contact_ids ?? edition.audience_contact_ids,
  });
}
