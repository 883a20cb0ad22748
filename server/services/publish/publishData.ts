import type { PublishData } from '../../../domain/editionSend.ts';
import { normalisePlanType } from '../../../domain/userData.ts';
import type { UserRow } from '../../db/schema.ts';
import { editionForSend } from './editionForSend.ts';
import { latestSendOf } from './editionSendQueries.ts';
import { promotionCodesOf } from './exportWidgetQueries.ts';
import { readGraphMailbox } from './outlook/graphSendMail.ts';
import { CONNECTION_BROKEN } from './outlook/OutlookMailboxes.ts';
import type { SendDeps } from './sendDeps.ts';

/** The signed-in user's Outlook mailbox; with `live`, checked with Graph now (a failure shows as broken). */
async function mailboxOf(deps: SendDeps, user: UserRow, live: boolean, warn: (message: string) => void) {
  const { mailboxes, config } = deps;
  const mailbox = await mailboxes.state(user.id);
  if (!live || !mailboxes.configured || mailbox?.status !== 'connected') return mailbox;
  try {
    const found = await mailboxes.withAccessToken(user.id, (token) =>
      readGraphMailbox(config.outlook, token),
    );
    return { ...mailbox, address: found.address, name: found.name };
  } catch (error) {
    warn(`Outlook check failed: ${(error as Error).message}`);
    return mailboxes.state(user.id);
  }
}

/**
 * publish_email/ (GET): the publish step's data: the organisation's senders (the default first), the
 * sender, subject and audience saved for the edition, Outlook, the plan, and the latest send with how
 * its emails are doing.
 */
export async function publishDataOf(
  deps: SendDeps,
  user: UserRow,
  query: { version_id: number; outlook_route?: boolean | null },
  warn: (message: string) => void,
): Promise<PublishData> {
  const { db, config, mailboxes } = deps;
  const edition = await editionForSend(db, user.org_id, query.version_id);
  const mailbox = await mailboxOf(deps, user, Boolean(query.outlook_route), warn);
  const senders = await db
    .selectFrom('verified_addresses')
    .select(['id', 'address', 'sender_name', 'is_default'])
    .where('org_id', '=', user.org_id)
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
  return {
    version_id: edition.id,
    status: edition.status,
    sender_emails: senders.map((row) => ({
      id: row.id,
      email: row.address,
      sender_name: row.sender_name,
      isDefault: row.is_default,
    })),
    sender_address_id: edition.sender_address_id ?? senders[0]?.id ?? null,
    sender_name: edition.sender_name ?? edition.email_sender_name,
    subject: edition.subject,
    list_ids: edition.audience_list_ids,
    contact_ids: edition.audience_contact_ids,
    designed: edition.html !== null,
    outlook_configured: mailboxes.configured,
    outlook_missing: config.outlook.missing,
    outlook_sender_email_address: mailbox?.address ?? null,
    outlook_sender_name: mailbox?.name ?? null,
    outlook_route: edition.outlook_route,
    is_authorized: mailbox?.status === 'connected',
    connectionError: mailbox?.status === 'error',
    outlook_connection_error: mailbox?.status === 'error' ? CONNECTION_BROKEN : null,
    outlook_remaining_emails: mailbox ? await mailboxes.remaining(user.id) : config.outlook.dailyLimit,
    outlook_daily_limit: config.outlook.dailyLimit,
    user_name: `${user.first_name} ${user.last_name}`.trim(),
    user_email: user.email,
    plan_type: normalisePlanType(user.plan_type),
    promoCodes: await promotionCodesOf(db, user.org_id, edition.campaign_id),
    send: await latestSendOf(db, edition.id),
  };
}
