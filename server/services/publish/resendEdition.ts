import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import { badRequest } from '../../lib/AppError.ts';
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
 * resend_email/: a sent edition again, to who did not open it (once more each, under a key of its own) or
 * to the people added to its audience since (nobody gets it twice). Every send rule is checked as for a
 * send.
 */
export async function resendEdition(
  deps: SendDeps,
  user: UserRow,
  input: { version_id: number; to: 'not_opened' | 'new_contacts'; confirm_warnings?: boolean },
) {
  const edition = await editionForSend(deps.db, user.org_id, input.version_id);
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
