import { INVITATION_TTL_DAYS, type InvitationAnswer } from '../../../domain/teamSettings.ts';
import type { UserRole } from '../../../domain/userRoles.ts';
import type { UserRow } from '../../db/schema.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { badRequest, tooManyRequests } from '../../lib/AppError.ts';
import { escapeHtml } from '../../lib/escapeHtml.ts';
import { htmlParagraphs } from '../../lib/htmlParagraphs.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { invitationOf, TEAM_INVITATION_KIND } from './teamQueries.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Invitation emails an organisation may have mailed in an hour. */
const INVITATIONS_PER_HOUR = 20;

/**
 * invite_user/: invites an address into the organisation with a role. Refused when the address has an
 * account already (a removed user of this organisation may be invited back). An open invitation of the
 * same address is replaced (its link stops working); the new single-use link, valid INVITATION_TTL_DAYS,
 * is mailed to the address through the outbox.
 */
export async function inviteUser(
  ctx: AppContext,
  inviter: UserRow,
  input: { email: string; role: UserRole },
): Promise<InvitationAnswer> {
  const { db, config } = ctx;
  const now = ctx.clock();
  const existing = await db
    .selectFrom('users')
    .select(['org_id', 'removed_at'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email.toLowerCase()))
    .executeTakeFirst();
  if (existing && existing.org_id === inviter.org_id && existing.removed_at === null) {
    throw badRequest(`${input.email} is already on your team.`);
  }
  if (existing && existing.org_id !== inviter.org_id) {
    throw badRequest(`${input.email} already has an account with another organisation.`);
  }
  const allowed = await ctx.rateLimiter.take(`team-invitation:${inviter.org_id}`, {
    max: INVITATIONS_PER_HOUR,
    windowMs: HOUR_MS,
  });
  if (!allowed.ok) {
    throw tooManyRequests(
      `Your organisation has sent ${INVITATIONS_PER_HOUR} invitations in the last hour. Try again later.`,
      allowed.retryAfterSeconds,
    );
  }
  const key = newToken();
  const row = await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('team_invitations')
      .where('org_id', '=', inviter.org_id)
      .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email.toLowerCase()))
      .execute();
    return trx
      .insertInto('team_invitations')
      .values({
        org_id: inviter.org_id,
        email: input.email,
        role: input.role,
        key_hash: sha256(key),
        invited_by: inviter.id,
        created_at: now,
        expires_at: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
      })
      .returning(['id', 'email', 'role', 'created_at', 'expires_at'])
      .executeTakeFirstOrThrow();
  });
  await mailInvitation(ctx, inviter, input.email, key);
  const delivery = config.smtpUrl ? 'smtp' : 'log';
  return {
    invitation: invitationOf(row),
    mail_delivery: delivery,
    message:
      delivery === 'smtp'
        ? `We sent an invitation to ${input.email}. Its link works for ${INVITATION_TTL_DAYS} days, once.`
        : `No email delivery is set up on this server: its operator finds the invitation link for ${input.email} in the server log.`,
  };
}

/** The single-use link to the invitee, as a transactional email whose key the outbox shows redacted. */
async function mailInvitation(ctx: AppContext, inviter: UserRow, to: string, key: string) {
  const organisation = await ctx.db
    .selectFrom('organisations')
    .select('name')
    .where('id', '=', inviter.org_id)
    .executeTakeFirstOrThrow();
  const link = `${ctx.config.publicOrigin}/auth/invitation/${key}`;
  const who = `${inviter.first_name} ${inviter.last_name}`.trim() || inviter.email;
  await ctx.mail.send({
    orgId: inviter.org_id,
    kind: TEAM_INVITATION_KIND,
    to,
    subject: `${who} invited you to ${organisation.name} on the Workbench`,
    text: `Hello,\n\n${who} invited you to join ${organisation.name} on the Workbench. To accept, open this link within ${INVITATION_TTL_DAYS} days, choose your name and a password:\n\n${link}\n\nIf you did not expect this, ignore this email.`,
    html: htmlParagraphs([
      'Hello,',
      `${escapeHtml(who)} invited you to join ${escapeHtml(organisation.name)} on the Workbench. To accept, open this link within ${INVITATION_TTL_DAYS} days, choose your name and a password:`,
      `<a href="${link}">Accept the invitation</a>`,
      'If you did not expect this, ignore this email.',
    ]),
    secrets: [key],
  });
}
