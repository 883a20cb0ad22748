import type { Kysely } from 'kysely';
import type { SignupInput } from '../../../domain/authSchemas.ts';
import type { Database } from '../../db/schema.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { escapeHtml } from '../../lib/escapeHtml.ts';
import { htmlParagraphs } from '../../lib/htmlParagraphs.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { findUserByEmail } from './authQueries.ts';

const SIGNUP_KEY_TTL_MS = 24 * 60 * 60 * 1000;

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
      html: htmlParagraphs([
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
    html: htmlParagraphs([
      `Hello ${escapeHtml(input.first_name)},`,
      'Open this link within 24 hours to finish creating your account:',
      `<a href="${link}">Finish creating my account</a>`,
      'If you did not ask for an account, ignore this email: none is created.',
    ]),
    secrets: [key],
  });
}

type PendingSignup = {
  email: string;
  firstName: string;
  lastName: string;
  organisationName: string;
  passwordHash: string;
};

async function createPendingSignup(
  db: Kysely<Database>,
  keyHash: string,
  signup: PendingSignup,
  expiresAt: Date,
): Promise<void> {
  await db
    .insertInto('pending_signups')
    .values({
      key_hash: keyHash,
      email: signup.email,
      first_name: signup.firstName,
      last_name: signup.lastName,
      organisation_name: signup.organisationName,
      password_hash: signup.passwordHash,
      expires_at: expiresAt,
    })
    .execute();
}
