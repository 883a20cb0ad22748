import type { Kysely } from 'kysely';
import type { PersonRow } from '../../../domain/audiencePeople.ts';
import type { Database } from '../../db/schema.ts';
import { type ContactFieldsInput, saveContact } from './saveContact.ts';

/** create_contact/: a Subscribed contact of the organisation (its company found or made by name). */
export async function createContact(
  db: Kysely<Database>,
  orgId: number,
  input: ContactFieldsInput,
): Promise<PersonRow> {
  return saveContact(
    db,
    orgId,
    input,
    { createdProfiled: input.tab === 'profiled' },
    async (trx, columns) => {
      const row = await trx
        .insertInto('contacts')
        .values({
          org_id: orgId,
          ...columns,
          buyer_stage: input.buyer_stage ?? 'Awareness',
          status: 'Subscribed',
          engagement_score: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  );
}
