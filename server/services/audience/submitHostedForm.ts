import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { FormAnswers, FormField } from '../../../domain/hostedForms.ts';
import { cleanName } from '../../../domain/nameText.ts';
import type { Database } from '../../db/schema.ts';
import { subscribeContactsToList } from '../runtime/workflowTriggers.ts';
import { accountFor } from './matchAccounts.ts';

/** A hosted form as the submission needs it. */
export type SubmittedForm = {
  id: number;
  orgId: number;
  listId: number | null;
  fields: readonly FormField[];
};

export type SubmissionOrigin = { ip: string | null; userAgent: string | null; referer: string | null };

/**
 * What a submission did: the contact (made or updated) and, when the form asked for consent and it was
 * given, the contact's preference record whose opt-in the caller records (the consent ledger, through the
 * recipient store, after this transaction).
 */
export type SubmissionResult = { contactId: number; created: boolean; optInUuid: string | null };

const NAME_MAX = 100;

/**
 * The first and last name a submission gives (a full name split at its first space when no parts), cleaned
 * as every name is (no control characters).
 */
function namesOf(answers: FormAnswers): { first: string; last: string } {
  const first = cleanName(answers.first_name ?? '');
  const last = cleanName(answers.last_name ?? '');
  const full = cleanName(answers.full_name ?? '');
  if (first || last || !full) return { first, last };
  const [head = '', ...rest] = full.split(' ');
  return { first: head, last: rest.join(' ') };
}

/** The page the form was filled in on, from the Referer (origin and host only; nothing else kept). */
function originOf(referer: string | null): { origin: string | null; domain: string | null } {
  if (!referer) return { origin: null, domain: null };
  try {
    const url = new URL(referer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { origin: null, domain: null };
    return { origin: url.origin, domain: url.hostname };
  } catch {
    return { origin: null, domain: null };
  }
}

/**
 * Stores one submission of a hosted form, all in one transaction: the contact is found by email (any case)
 * in the form's organisation and updated with what the form gave (blank answers change nothing), or made;
 * its status never changes (an Unsubscribed or Hard Bounce contact stays so: only the recipient's own
 * preference link resubscribes); it is added to the form's list through the one list-subscription path
 * (workflows triggered by "subscribes to a list" start); the submission is kept with its answers. With
 * consent given, a contact without a preference record gets one (nothing on yet), whose uuid is returned for
 * the opt-in; a new contact of a form that asked for consent without it gets one with marketing off.
 */
export async function submitHostedForm(
  db: Kysely<Database>,
  form: SubmittedForm,
  answers: FormAnswers,
  origin: SubmissionOrigin,
): Promise<SubmissionResult> {
  return db.transaction().execute(async (trx) => {
    const email = (answers.email ?? '').toLowerCase();
    const { first, last } = namesOf(answers);
    const update = {
      ...(first ? { first_name: first.slice(0, NAME_MAX) } : {}),
      ...(last ? { last_name: last.slice(0, NAME_MAX) } : {}),
      ...(answers.phone_number ? { phone_number: answers.phone_number.slice(0, NAME_MAX) } : {}),
      ...(answers.job_title ? { designation: answers.job_title.slice(0, NAME_MAX) } : {}),
      ...(answers.industry ? { industry: answers.industry.slice(0, NAME_MAX) } : {}),
    };
    const companyName = cleanName(answers.company_name ?? '').slice(0, NAME_MAX) || undefined;
    const accountId = await accountFor(
      trx,
      form.orgId,
      companyName
        ? {
            name: companyName,
            website: answers.website_url || null,
            industry: answers.industry || null,
            revenue: answers.revenue || null,
          }
        : null,
    );
    const existing = await trx
      .selectFrom('contacts')
      .select(['id', 'email'])
      .where('org_id', '=', form.orgId)
      .where(sql<boolean>`lower(email) = ${email}`)
      .executeTakeFirst();
    let contactId: number;
    if (existing) {
      contactId = existing.id;
      const changes = { ...update, ...(accountId ? { account_id: accountId } : {}) };
      if (Object.keys(changes).length > 0)
        await trx.updateTable('contacts').set(changes).where('id', '=', contactId).execute();
    } else {
      const made = await trx
        .insertInto('contacts')
        .values({
          org_id: form.orgId,
          account_id: accountId,
          email: answers.email ?? email,
          first_name: update.first_name ?? '',
          last_name: update.last_name ?? '',
          designation: update.designation ?? null,
          phone_number: update.phone_number ?? null,
          industry: update.industry ?? null,
          personality_type: null,
          personality: 'N/A',
          buyer_stage: 'Awareness',
          status: 'Subscribed',
          engagement_score: 0,
          linkedin_url: null,
          twitter_url: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      contactId = made.id;
    }
    if (form.listId !== null)
      await subscribeContactsToList(trx, { orgId: form.orgId, listId: form.listId, contactIds: [contactId] });

    const askedConsent = form.fields.some((field) => field.key === 'consent');
    const consent = askedConsent && answers.consent === '1';
    const where = originOf(origin.referer);
    await trx
      .insertInto('form_submissions')
      .values({
        form_id: form.id,
        org_id: form.orgId,
        contact_id: contactId,
        answers: JSON.stringify(answers),
        consent,
        origin: where.origin,
        origin_domain: where.domain,
        ip: origin.ip,
        user_agent: origin.userAgent,
      })
      .execute();
    await trx.updateTable('forms').set({ updated_at: new Date() }).where('id', '=', form.id).execute();

    // A preference record with nothing on: the opt-in turns marketing on; without consent it stays off.
    const addPreferenceRecord = (uuid: string) =>
      trx
        .insertInto('preferences')
        .values({
          uuid,
          org_id: form.orgId,
          contact_id: contactId,
          email: answers.email ?? email,
          marketing: false,
          webinars: false,
          unsub_all: false,
        })
        .execute();
    let optInUuid: string | null = null;
    // A new contact who left the consent box unticked has not agreed to marketing email: their preference
    // record says so, and campaign sends leave them out. A known contact's choices stay as they were
    // (anyone can type anyone's address).
    if (askedConsent && !consent && !existing) await addPreferenceRecord(randomUUID());
    if (consent) {
      const record = await trx
        .selectFrom('preferences')
        .select('uuid')
        .where('contact_id', '=', contactId)
        .orderBy('created_at')
        .executeTakeFirst();
      optInUuid = record?.uuid ?? randomUUID();
      if (!record) await addPreferenceRecord(optInUuid);
    }
    return { contactId, created: !existing, optInUuid };
  });
}
