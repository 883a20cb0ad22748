import type { Db } from '../../db/Db.ts';
import { conflict } from '../../lib/AppError.ts';
import { queueMarketingEmail } from './queueMarketingEmail.ts';

/**
 * The demo mailbox's send/: one design-ready email to one contact of the organisation. request_id is an
 * idempotency key: the same request again gets the earlier send (created false); another request under it
 * is refused (409) rather than silently answered with a send it did not ask for.
 */
export async function sendDemoEmail(
  db: Db,
  input: { orgId: number; contactId: number; emailId: number; requestId: string },
): Promise<{ sendId: number; created: boolean }> {
  const queued = await queueMarketingEmail(db, {
    orgId: input.orgId,
    contactId: input.contactId,
    emailId: input.emailId,
    dedupeKey: `mailbox:${input.orgId}:${input.requestId}`,
  });
  if (queued.created) return queued;
  const earlier = await db
    .selectFrom('email_send')
    .select(['contact_id', 'email_id'])
    .where('id', '=', queued.sendId)
    .executeTakeFirst();
  if (earlier && (earlier.contact_id !== input.contactId || earlier.email_id !== input.emailId)) {
    throw conflict(
      'This request_id was already used for a different send (another email or contact). Use a new request_id.',
    );
  }
  return queued;
}
