import {
  SENDER_LINK_TTL_HOURS,
  SENDER_MAILS_PER_HOUR,
  type SenderRequestAnswer,
} from '../../../domain/senderAddresses.ts';
import type { UserRow } from '../../db/schema.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { badRequest, tooManyRequests } from '../../lib/AppError.ts';
import { escapeHtml } from '../../lib/escapeHtml.ts';
import { htmlParagraphs } from '../../lib/htmlParagraphs.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { findVerifiedSender, requestOf, SENDER_VERIFICATION_KIND } from './senderAddressQueries.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Asks for a new From address: refused when it is a sender already or when the organisation has had
 * SENDER_MAILS_PER_HOUR verification emails within the hour (429, counted by the one RateLimiter). An open request for the same address
 * is replaced (its link stops working); the new single-use link, valid SENDER_LINK_TTL_HOURS, is mailed to
 * the address through the outbox (without SMTP, to the server's log for the operator).
 */
export async function requestSenderAddress(
  ctx: AppContext,
  user: UserRow,
  input: { email: string; sender_name: string },
): Promise<SenderRequestAnswer> {
  const { db, config } = ctx;
  const now = ctx.clock();
  if (await findVerifiedSender(db, user.org_id, input.email)) {
    throw badRequest(`${input.email} is already one of your senders.`);
  }
  // The one rate-limit mechanism (shared by every process on the database): a fixed hour per organisation.
  const allowed = await ctx.rateLimiter.take(`sender-verification:${user.org_id}`, {
    max: SENDER_MAILS_PER_HOUR,
    windowMs: HOUR_MS,
  });
  if (!allowed.ok) {
    throw tooManyRequests(
      `Your organisation has asked for ${SENDER_MAILS_PER_HOUR} verification emails in the last hour. Try again later.`,
      allowed.retryAfterSeconds,
    );
  }
  const key = newToken();
  const row = await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('sender_address_requests')
      .where('org_id', '=', user.org_id)
      .where((eb) => eb(eb.fn('lower', ['address']), '=', input.email.toLowerCase()))
      .execute();
    return trx
      .insertInto('sender_address_requests')
      .values({
        org_id: user.org_id,
        address: input.email,
        sender_name: input.sender_name,
        key_hash: sha256(key),
        requested_by: user.id,
        created_at: now,
        expires_at: new Date(now.getTime() + SENDER_LINK_TTL_HOURS * HOUR_MS),
      })
      .returning(['id', 'address', 'sender_name', 'created_at', 'expires_at'])
      .executeTakeFirstOrThrow();
  });
  await mailSenderVerification(ctx, user, input.email, key);
  const delivery = config.smtpUrl ? 'smtp' : 'log';
  return {
    request: requestOf(row),
    mail_delivery: delivery,
    message:
      delivery === 'smtp'
        ? `We sent a verification link to ${input.email}. It works for ${SENDER_LINK_TTL_HOURS} hours, once.`
        : `No email delivery is set up on this server: its operator finds the verification link for ${input.email} in the server log.`,
  };
}

/** The single-use link to the address, as a transactional email whose key the outbox shows redacted. */
async function mailSenderVerification(
  ctx: AppContext,
  user: Pick<UserRow, 'org_id' | 'first_name' | 'last_name' | 'email'>,
  to: string,
  key: string,
) {
  const organisation = await ctx.db
    .selectFrom('organisations')
    .select('name')
    .where('id', '=', user.org_id)
    .executeTakeFirstOrThrow();
  const link = `${ctx.config.publicOrigin}/auth/verify-sender/${key}`;
  const who = `${user.first_name} ${user.last_name}`.trim() || user.email;
  await ctx.mail.send({
    orgId: user.org_id,
    kind: SENDER_VERIFICATION_KIND,
    to,
    subject: `Verify ${to} as a sender for ${organisation.name}`,
    text: `Hello,\n\n${who} asked to send ${organisation.name}'s campaign emails from this address. If this is your address and you agree, open this link within ${SENDER_LINK_TTL_HOURS} hours:\n\n${link}\n\nIf you did not expect this, ignore this email: nothing is sent from this address.`,
    html: htmlParagraphs([
      'Hello,',
      `${escapeHtml(who)} asked to send ${escapeHtml(organisation.name)}’s campaign emails from this address. If this is your address and you agree, open this link within ${SENDER_LINK_TTL_HOURS} hours:`,
      `<a href="${link}">Verify this sender address</a>`,
      'If you did not expect this, ignore this email: nothing is sent from this address.',
    ]),
    secrets: [key],
  });
}
