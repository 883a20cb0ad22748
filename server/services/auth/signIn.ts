import type { AppContext } from '../../lib/AppContext.ts';
import { badRequest, tooManyRequests } from '../../lib/AppError.ts';
import { describeWait } from '../../lib/describeWait.ts';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords.ts';
import { findUserByEmail } from './authQueries.ts';
import type { LoginThrottle } from './loginThrottle.ts';
import { startSession } from './startSession.ts';

export type SignInInput = { email: string; password: string; ip: string; userAgent: string | undefined };

/**
 * login/: a new session for an address and its password. During the address's sign-in delay (after failed
 * tries) the password is not checked: 429 with the wait. An unknown address and a wrong password get the
 * same answer, after the same work, and count a failure.
 */
export async function signIn(ctx: AppContext, throttle: LoginThrottle, input: SignInInput) {
  const { email, password, ip } = input;
  const admission = await throttle.admit(email, ip);
  if (!admission.ok) {
    throw tooManyRequests(
      `Too many failed sign-ins for this account. Try again in ${describeWait(admission.retryAfterSeconds)}, or reset your password to sign in now.`,
      admission.retryAfterSeconds,
    );
  }
  const user = await findUserByEmail(ctx.db, email);
  const valid = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
  if (!user || !valid) {
    await throttle.failed(email, ip);
    throw badRequest('Incorrect email or password.');
  }
  await throttle.succeeded(email, ip);
  return startSession(ctx, user, input.userAgent);
}
