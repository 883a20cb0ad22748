import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import {
  DEFAULT_PROFILED_TYPE,
  PERSONALITIES_BY_TYPE,
  type PersonalityTypeName,
  type PersonRow,
  personalityTypeOf,
} from '../../../domain/audiencePeople.ts';
import type { contactFieldsSchema } from '../../../domain/audiencePeopleSchemas.ts';
import type { Db } from '../../db/Db.ts';
import type { Database, PersonalityType } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/AppError.ts';
import { accountFor } from './matchAccounts.ts';
import { findPerson } from './peopleQueries.ts';

export type ContactFieldsInput = z.output<typeof contactFieldsSchema>;

const CONTACT_NOT_FOUND = 'Contact not found.';
const duplicateEmailMessage = (email: string) =>
  `A contact with the email ${email} already exists in your organisation.`;

/**
 * The personality a contact gets: the type chosen (its value must be one of that type's), else the type of
 * the value chosen, else Steady when created in the Profiled tab, else unprofiled (no type, N/A).
 */
function resolvePersonality(
  input: Pick<ContactFieldsInput, 'personality_type' | 'personality'>,
  createdProfiled: boolean,
): { personality_type: PersonalityType | null; personality: string } {
  const value = input.personality;
  if (input.personality_type) {
    const type: PersonalityTypeName = input.personality_type;
    if (value && !PERSONALITIES_BY_TYPE[type].includes(value))
      throw badRequest(`${value} is not a ${type} personality.`);
    return { personality_type: type, personality: value ?? 'N/A' };
  }
  if (value && value !== 'N/A') return { personality_type: personalityTypeOf(value), personality: value };
  if (createdProfiled) return { personality_type: DEFAULT_PROFILED_TYPE, personality: 'N/A' };
  return { personality_type: null, personality: 'N/A' };
}

async function assertEmailFree(trx: Db, orgId: number, email: string, exceptId?: number) {
  const taken = await trx
    .selectFrom('contacts')
    .select('id')
    .where('org_id', '=', orgId)
    // lower(email): the unique index's expression, so the index answers it.
    .where(sql<boolean>`lower(email) = ${email.toLowerCase()}`)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId ?? 0))
    .executeTakeFirst();
  if (taken) throw badRequest(duplicateEmailMessage(email));
}

/** The company a contact form names (its account found or made by matchAccounts' rule). */
function companyOf(input: ContactFieldsInput) {
  return input.organization ? { name: input.organization, industry: input.industry } : null;
}

/** The columns a contact form sets, on a new contact and on an edited one alike. */
export type ContactColumns = Awaited<ReturnType<typeof columnsOf>>;

async function columnsOf(
  trx: Db,
  orgId: number,
  input: ContactFieldsInput,
  personality: ReturnType<typeof resolvePersonality>,
) {
  return {
    account_id: await accountFor(trx, orgId, companyOf(input)),
    first_name: input.first_name,
    last_name: input.last_name,
    email: input.email,
    designation: input.designation,
    phone_number: input.phone_number,
    industry: input.industry,
    ...personality,
    linkedin_url: input.linkedin_url,
    twitter_url: input.twitter_url,
  };
}

/**
 * A contact form saved in one transaction: its personality resolved (a value of another type: 400), the
 * contact being edited found (another organisation's: 404), its address free in the organisation (taken,
 * or taken by a request at the same moment through the unique index: 400), its company's account found or
 * made; then `write` inserts or updates the row and answers its id, and the saved person is read back.
 */
export async function saveContact(
  db: Kysely<Database>,
  orgId: number,
  input: ContactFieldsInput,
  target: { createdProfiled: boolean; contactId?: number },
  write: (trx: Db, columns: ContactColumns, existing: PersonRow | undefined) => Promise<number>,
): Promise<PersonRow> {
  const personality = resolvePersonality(input, target.createdProfiled);
  try {
    return await db.transaction().execute(async (trx) => {
      const existing =
        target.contactId === undefined ? undefined : await findPerson(trx, orgId, target.contactId);
      if (target.contactId !== undefined && !existing) throw notFound(CONTACT_NOT_FOUND);
      await assertEmailFree(trx, orgId, input.email, target.contactId);
      const id = await write(trx, await columnsOf(trx, orgId, input, personality), existing);
      const person = await findPerson(trx, orgId, id);
      if (!person) throw notFound(CONTACT_NOT_FOUND);
      return person;
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw badRequest(duplicateEmailMessage(input.email));
    throw error;
  }
}
