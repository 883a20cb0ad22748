import type { SignupInput } from '../../../domain/authSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { escapeHtml } from '../../lib/escapeHtml.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { createPasswordReset, createPendingSignup, findUserByEmail } from './queries.ts';

const RESET_KEY_TTL_MS = 60 * 60 * 1000;
const SIGNUP_KEY_TTL_MS = 24 * 60 * 60 * 1000;

const paragraphs = (lines: readonly string[]) => lines.map((line) => `<p>${line}</p>`).join('');

/**
 * After a sign-up request has been answered: an address with an account gets a note that someone tried to
 * sign up with it; a new one gets the link that finishes its sign-up (the key is a one-time secret: the
 * outbox shows it redacted). Either way one email is queued, so the outbox's growth reveals nothing either.
 */
export async function mailSignup(ctx: AppContext, input: SignupInput): Promise<void> {
  const { db, config } = ctx;
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    const signIn = `${config.publicOrigin}/`;
    const reset = `${config.publicOrigin}/auth/forgot-password`;
    await ctx.mail.send({
      orgId: existing.org_id,
      kind: 'signup_existing',
      to: existing.email,
      subject: 'Someone tried to sign up with your address',
      text: `Hello ${existing.first_name},\n\nSomeone tried to create a workbench account with this address, which already has one. If it was you, sign in at ${signIn} or, if you forgot your password, reset it at ${reset}.\n\nIf it was not you, ignore this email: nothing has changed.`,
      html: paragraphs([
        `Hello ${escapeHtml(existing.first_name)},`,
        'Someone tried to create a workbench account with this address, which already has one.',
        `If it was you, <a href="${signIn}">sign in</a> or, if you forgot your password, <a href="${reset}">reset it</a>.`,
        'If it was not you, ignore this email: nothing has changed.',
      ]),
    });
    return;
  }
  const key = newToken();
  await createPendingSignup(
    db,
    sha256(key),
    {
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      organisationName: input.organisation_name || `${input.first_name} ${input.last_name}'s workspace`,
      passwordHash: await hashPassword(input.password),
    },
    new Date(Date.now() + SIGNUP_KEY_TTL_MS),
  );
  const link = `${config.publicOrigin}/auth/confirm-signup/${key}`;
  await ctx.mail.send({
    orgId: null,
    kind: 'signup_confirm',
    to: input.email,
    subject: 'Finish creating your workbench account',
    text: `Hello ${input.first_name},\n\nOpen this link within 24 hours to finish creating your account:\n\n${link}\n\nIf you did not ask for an account, ignore this email: none is created.`,
    html: paragraphs([
      `Hello ${escapeHtml(input.first_name)},`,
      'Open this link within 24 hours to finish creating your account:',
      `<a href="${link}">Finish creating my account</a>`,
      'If you did not ask for an account, ignore this email: none is created.',
    ]),
    secrets: [key],
  });
}

/** After a password reset request has been answered: a known address gets its one-time link, an unknown one nothing. */
export async function mailPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const key = newToken();
  await createPasswordReset(ctx.db, user.id, sha256(key), new Date(Date.now() + RESET_KEY_TTL_MS));
  const link = `${ctx.config.publicOrigin}/resetPassword/${key}`;
  await ctx.mail.send({
    orgId: user.org_id,
    kind: 'password_reset',
    to: user.email,
    subject: 'Reset your password',
    text: `Hello ${user.first_name},\n\nSomeone asked to reset the password of your account. If it was you, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.`,
    html: paragraphs([
      `Hello ${escapeHtml(user.first_name)},`,
      'Someone asked to reset the password of your account. If it was you, open this link within one hour:',
      `<a href="${link}">Reset my password</a>`,
      'If it was not you, ignore this email: your password stays as it is.',
    ]),
    secrets: [key],
  });
}
