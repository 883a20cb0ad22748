import type { Kysely } from 'kysely';
import type { PersonRow } from '../../../domain/audiencePeople.ts';
import type { Database } from '../../db/schema.ts';
import { type ContactFieldsInput, saveContact } from './saveContact.ts';

/** update_contact/: a contact's fields. Its status is never changed here (only the recipient's own pages do). */
export async function updateContact(
  db: Kysely<Database>,
  orgId: number,
  contactId: number,
  input: ContactFieldsInput,
): Promise<PersonRow> {
  return saveContact(
    db,
    orgId,
    input,
    { createdProfiled: false, contactId },
    async (trx, columns, existing) => {
      await trx
        .updateTable('contacts')
        .set({ ...columns, buyer_stage: input.buyer_stage ?? existing?.buyer_stage })
        .where('org_id', '=', orgId)
        .where('id', '=', contactId)
        .execute();
      return contactId;
    },
  );
}
