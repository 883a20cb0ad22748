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

export const CONTACT_NOT_FOUND = 'Contact not found.';
export const duplicateEmailMessage = (email: string) =>
  `A contact with the email ${email} already exists in your organisation.`;

/**
 * The personality a contact gets: the type chosen (its value must be one of that type's), else the type of
 * the value chosen, else Steady when created in the Profiled tab, else unprofiled (no type, N/A).
 */
export function resolvePersonality(
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

/** The columns a contact form writes, on create and on update alike. */
function contactColumns(
  input: ContactFieldsInput,
  accountId: number | null,
  personality: ReturnType<typeof resolvePersonality>,
) {
  return {
    account_id: accountId,
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

/** A unique-index refusal (two requests with one address at once) reads as the duplicate message. */
async function withDuplicateMessage<T>(email: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw badRequest(duplicateEmailMessage(email));
    throw error;
  }
}

/** Creates a Subscribed contact of the organisation (its company found or made by name). */
export async function createContact(
  db: Kysely<Database>,
  orgId: number,
  input: ContactFieldsInput,
): Promise<PersonRow> {
  const personality = resolvePersonality(input, input.tab === 'profiled');
  return withDuplicateMessage(input.email, () =>
    db.transaction().execute(async (trx) => {
      await assertEmailFree(trx, orgId, input.email);
      const accountId = await accountFor(trx, orgId, companyOf(input));
      const row = await trx
        .insertInto('contacts')
        .values({
          org_id: orgId,
          ...contactColumns(input, accountId, personality),
          buyer_stage: input.buyer_stage ?? 'Awareness',
          status: 'Subscribed',
          engagement_score: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const person = await findPerson(trx, orgId, row.id);
      if (!person) throw notFound(CONTACT_NOT_FOUND);
      return person;
    }),
  );
}

/** Changes a contact's fields. Its status is never changed here (only the recipient's own pages do). */
export async function updateContact(
  db: Kysely<Database>,
  orgId: number,
  contactId: number,
  input: ContactFieldsInput,
): Promise<PersonRow> {
  const personality = resolvePersonality(input, false);
  return withDuplicateMessage(input.email, () =>
    db.transaction().execute(async (trx) => {
      const existing = await findPerson(trx, orgId, contactId);
      if (!existing) throw notFound(CONTACT_NOT_FOUND);
      await assertEmailFree(trx, orgId, input.email, contactId);
      const accountId = await accountFor(trx, orgId, companyOf(input));
      await trx
        .updateTable('contacts')
        .set({
          ...contactColumns(input, accountId, personality),
          buyer_stage: input.buyer_stage ?? existing.buyer_stage,
        })
        .where('org_id', '=', orgId)
        .where('id', '=', contactId)
        .execute();
      const person = await findPerson(trx, orgId, contactId);
      if (!person) throw notFound(CONTACT_NOT_FOUND);
      return person;
    }),
  );
}
