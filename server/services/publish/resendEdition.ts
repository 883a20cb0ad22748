import type { Kysely } from 'kysely';
import type { ResendTarget } from '../../../domain/editionSend.ts';
import type { ResendEmailInput } from '../../../domain/sendSchemas.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../lib/AppError.ts';
import { editionForSend } from './editionForSend.ts';
import { insertEditionSend, sentBy } from './insertEditionSend.ts';
import type { SendDeps } from './sendDeps.ts';
import { assertSendable } from './sendRules.ts';

/** The contacts who got the edition (its first send, not a resend) and never opened it. */
async function notOpenedBy(db: Kysely<Database>, versionId: number, emailId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('email_send as s')
    .select('s.contact_id')
    .distinct()
    .where('s.version_id', '=', versionId)
    .where('s.is_test', '=', false)
    .where('s.dedupe_key', 'not like', '%:r%')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('email_event as ev')
            .select('ev.id')
            .whereRef('ev.contact_id', '=', 's.contact_id')
            .where('ev.email_id', '=', emailId)
            .where('ev.kind', '=', 'opened'),
        ),
      ),
    )
    .execute();
  return rows.flatMap((row) => (row.contact_id === null ? [] : [row.contact_id]));
}

/**
 * The email's latest sent edition (email_id given to resend_email/). Another organisation's email is not
 * found; an email never sent has nothing to send again (400).
 */
async function latestSentEdition(db: Kysely<Database>, orgId: number, emailId: number): Promise<number> {
  const email = await db
    .selectFrom('emails')
    .select('id')
    .where('id', '=', emailId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (!email) throw notFound('Email not found.');
  const edition = await db
    .selectFrom('email_versions')
    .select('id')
    .where('email_id', '=', emailId)
    .where('status', '=', 'sent')
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!edition) throw badRequest('This email has no sent edition to send again.');
  return edition.id;
}

/**
 * resend_email/: a sent edition again (email_id: the email's latest sent one), to who did not open it (once more each, under a key of its own) or
 * to the people added to its audience since (nobody gets it twice). Every send rule is checked as for a
 * send.
 */
export async function resendEdition(deps: SendDeps, user: UserRow, body: ResendEmailInput) {
  const input = {
    to: (body.resend_options?.to ?? body.to) as ResendTarget,
    confirm_warnings: body.resend_options?.confirm_warnings ?? body.confirm_warnings,
  };
  if (body.generation_id !== undefined) return resendVariants(deps, user, body.generation_id, input);
  const versionId =
    body.version_id ?? (await latestSentEdition(deps.db, user.org_id, body.email_id as number));
  return resendOne(deps, user, versionId, input);
}

type ResendInput = { to: ResendTarget; confirm_warnings: boolean | undefined };

/**
 * An AI email (generation_id) again: each of its sent variants, as resend_email/ resends one email, to
 * its own segment. A variant with nothing to resend (never sent, everyone opened it) is left out; none
 * left: the first variant's refusal.
 */
async function resendVariants(deps: SendDeps, user: UserRow, generationId: number, input: ResendInput) {
  const generation = await deps.db
    .selectFrom('ai_generation')
    .select('id')
    .where('id', '=', generationId)
    .where('org_id', '=', user.org_id)
    .executeTakeFirst();
  if (!generation) throw notFound('AI email not found.');
  const variants = await deps.db
    .selectFrom('emails')
    .select(['id as email_id', 'personality_type'])
    .where('generation_id', '=', generationId)
    .where('org_id', '=', user.org_id)
    .orderBy('id')
    .execute();
  const sends = [];
  let refusal: unknown = badRequest('This AI email has no sent variant to send again.');
  for (const variant of variants) {
    try {
      const versionId = await latestSentEdition(deps.db, user.org_id, variant.email_id);
      sends.push({
        email_id: variant.email_id,
        ai_type: variant.personality_type,
        ...(await resendOne(deps, user, versionId, input)),
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode !== 400 || error.details.error) throw error;
      if (sends.length === 0) refusal = error;
    }
  }
  if (sends.length === 0) throw refusal;
  return {
    generation_id: generationId,
    sends,
    send_id: sends[0]?.send_id,
    status: 'sending' as const,
    to: input.to,
  };
}

async function resendOne(deps: SendDeps, user: UserRow, versionId: number, input: ResendInput) {
  const edition = await editionForSend(deps.db, user.org_id, versionId);
  await assertSendable(deps, user, edition, 'resend', Boolean(input.confirm_warnings));
  let contactIds = edition.audience_contact_ids;
  let listIds = edition.audience_list_ids;
  if (input.to === 'not_opened') {
    contactIds = await notOpenedBy(deps.db, edition.id, edition.email_id);
    listIds = [];
    if (contactIds.length === 0) throw badRequest('Everyone who got this edition has opened it.');
  }
  const sendId = await insertEditionSend(deps.db, {
    kind: input.to === 'not_opened' ? 'resend' : 'send',
    resendTo: input.to,
    status: 'sending',
    ...sentBy(user, edition),
    listIds,
    contactIds,
  });
  await deps.sender.queue(sendId);
  return { send_id: sendId, status: 'sending' as const, to: input.to };
}
