import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { badRequest } from '../../lib/AppError.ts';
import { sha256 } from '../../lib/tokens.ts';
import { findUserByEmail, SIGNUP_LINK_SPENT } from './authQueries.ts';
import { createOrganisationAndUser } from './createOrganisationAndUser.ts';
import { startSession } from './startSession.ts';

/**
 * confirm_signup/: finishes a sign-up with its mailed key (creates the organisation and the user) and
 * signs in. A spent key is a 400; so is an address that has an account by now.
 */
export async function confirmSignup(ctx: AppContext, signupKey: string, userAgent: string | undefined) {
  const outcome = await completePendingSignup(ctx.db, sha256(signupKey)).catch((error: unknown) => {
    // Two links of one address opened at the same moment: the unique index decides.
    if ((error as { code?: string }).code === '23505') return 'taken' as const;
    throw error;
  });
  if (outcome === 'spent') throw badRequest(SIGNUP_LINK_SPENT);
  if (outcome === 'taken') {
    throw badRequest('An account with this email already exists. Sign in or reset your password.');
  }
  return startSession(ctx, outcome, userAgent);
}

/**
 * Completes a sign-up with its mailed key, in one transaction: spends the key (and every other pending
 * sign-up of the address), then creates the organisation and the user. 'spent' when the key is unknown,
 * used or expired; 'taken' when the address has an account by now.
 */
async function completePendingSignup(
  db: Kysely<Database>,
  keyHash: string,
): Promise<UserRow | 'spent' | 'taken'> {
  return db.transaction().execute(async (trx) => {
    const pending = await trx
      .deleteFrom('pending_signups')
      .where('key_hash', '=', keyHash)
      .where('expires_at', '>', new Date())
      .returningAll()
      .executeTakeFirst();
    if (!pending) return 'spent';
    await trx
      .deleteFrom('pending_signups')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', pending.email.toLowerCase()))
      .execute();
    if (await findUserByEmail(trx, pending.email)) return 'taken';
    return createOrganisationAndUser(trx, {
      organisationName: pending.organisation_name,
      email: pending.email,
      passwordHash: pending.password_hash,
      firstName: pending.first_name,
      lastName: pending.last_name,
    });
  });
}
