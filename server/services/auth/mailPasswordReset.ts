import type { AppContext } from '../../lib/AppContext.ts';
import { escapeHtml } from '../../lib/escapeHtml.ts';
import { htmlParagraphs } from '../../lib/htmlParagraphs.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { findUserByEmail } from './authQueries.ts';

const RESET_KEY_TTL_MS = 60 * 60 * 1000;

/** After a password reset request has been answered: a known address gets its one-time link, an unknown one nothing. */
export async function mailPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  // A user removed from their organisation gets no reset link: they cannot sign in again.
  if (!user || user.removed_at !== null) return;
  const key = newToken();
  await ctx.db
    .insertInto('password_resets')
    .values({ key_hash: sha256(key), user_id: user.id, expires_at: new Date(Date.now() + RESET_KEY_TTL_MS) })
    .execute();
  const link = `${ctx.config.publicOrigin}/resetPassword/${key}`;
  await ctx.mail.send({
    orgId: user.org_id,
    kind: 'password_reset',
    to: user.email,
    subject: 'Reset your password',
    text: `Hello ${user.first_name},\n\nSomeone asked to reset the password of your account. If it was you, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.`,
    html: htmlParagraphs([
      `Hello ${escapeHtml(user.first_name)},`,
      'Someone asked to reset the password of your account. If it was you, open this link within one hour:',
      `<a href="${link}">Reset my password</a>`,
      'If it was not you, ignore this email: your password stays as it is.',
    ]),
    secrets: [key],
  });
}
