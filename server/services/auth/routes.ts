import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmSignupSchema,
  FORGOT_PASSWORD_LOGGED_MESSAGE,
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordSchema,
  loginSchema,
  resetKeySchema,
  resetPasswordSchema,
  SIGNUP_CHECK_EMAIL_MESSAGE,
  SIGNUP_LOGGED_LINK_MESSAGE,
  signupKeySchema,
  signupSchema,
} from '../../../domain/authSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { badRequest, tooManyRequests } from '../../lib/AppError.ts';
import { describeWait } from '../../lib/describeWait.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { authGuard, clearSessionCookie, currentAuth, setSessionCookie } from '../../lib/sessions.ts';
import { sha256 } from '../../lib/tokens.ts';
import { currentUserData } from '../user/currentUserData.ts';
import { loadUserData } from '../user/userQueries.ts';
import { LoginThrottle } from './loginThrottle.ts';
import { mailPasswordReset, mailSignup } from './mailAccountLinks.ts';
import {
  applyPasswordReset,
  completePendingSignup,
  findLivePasswordReset,
  findLivePendingSignup,
  findUserByEmail,
} from './queries.ts';
import { requireStrongPassword } from './requireStrongPassword.ts';

const RESET_LINK_SPENT = 'This reset link has expired or has already been used. Ask for a new one.';
const SIGNUP_LINK_SPENT = 'This sign-up link has expired or has already been used. Sign up again.';

/** Auth service: sign-up, sign-in, sign-out, password reset, CSRF token and the current user. */
export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const publicLimited = { public: true, rateLimit: { max: config.authRateLimit, timeWindow: '1 minute' } };

  const throttle = new LoginThrottle(db, ctx.clock);
  // Without SMTP the answers say so (and where the links are) instead of "check your email".
  const mailDelivery = config.smtpUrl ? ('smtp' as const) : ('log' as const);

  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    async function startSession(
      request: { headers: Record<string, unknown> },
      reply: Parameters<typeof setSessionCookie>[0],
      userId: number,
    ) {
      const ua = request.headers['user-agent'];
      const session = await ctx.sessions.create(
        userId,
        typeof ua === 'string' ? ua : undefined,
        config.sessionTtlSeconds,
      );
      setSessionCookie(reply, config, session.token, session.expiresAt);
      return session;
    }

    app.post(
      'signup/',
      {
        config: publicLimited,
        schema: {
          tags: ['auth'],
          summary: 'Ask for an account: a link to finish it is mailed to the address',
          description:
            'Always the same answer for a valid request, sent before the address is looked up: a new address ' +
            'gets a link to finish creating the account (confirm_signup/), an address that has an account ' +
            'gets a note that someone tried to sign up with it. mail_delivery: smtp, or log when no SMTP is set ' +
            "up (the link is then in the server's log, and the message says so).",
          body: signupSchema,
        },
      },
      async (request) => {
        const input = request.body;
        requireStrongPassword(input.password, [
          input.email,
          input.first_name,
          input.last_name,
          input.organisation_name,
        ]);
        ctx.afterReply.run('sign-up mail', () => mailSignup(ctx, input));
        return {
          success: true,
          message: mailDelivery === 'smtp' ? SIGNUP_CHECK_EMAIL_MESSAGE : SIGNUP_LOGGED_LINK_MESSAGE,
          mail_delivery: mailDelivery,
        };
      },
    );

    app.get(
      'confirm_signup/',
      {
        config: publicLimited,
        schema: {
          tags: ['auth'],
          summary: 'Check a sign-up link',
          querystring: z.object({ signup_key: signupKeySchema }),
        },
      },
      async (request) => {
        const pending = await findLivePendingSignup(db, sha256(request.query.signup_key));
        if (!pending) throw badRequest(SIGNUP_LINK_SPENT);
        return { success: true, email: pending.email };
      },
    );

    app.post(
      'confirm_signup/',
      {
        config: publicLimited,
        schema: {
          tags: ['auth'],
          summary: 'Finish a sign-up with its mailed key: creates the account and signs in',
          body: confirmSignupSchema,
        },
      },
      async (request, reply) => {
        const outcome = await completePendingSignup(db, sha256(request.body.signup_key)).catch(
          (error: unknown) => {
            // Two links of one address opened at the same moment: the unique index decides.
            if ((error as { code?: string }).code === '23505') return 'taken' as const;
            throw error;
          },
        );
        if (outcome === 'spent') throw badRequest(SIGNUP_LINK_SPENT);
        if (outcome === 'taken') {
          throw badRequest('An account with this email already exists. Sign in or reset your password.');
        }
        const session = await startSession(request, reply, outcome.id);
        return { success: true, csrf_token: session.csrfToken, user: await loadUserData(db, outcome) };
      },
    );

    app.post(
      'login/',
      { config: publicLimited, schema: { tags: ['auth'], summary: 'Sign in', body: loginSchema } },
      async (request, reply) => {
        const { email, password } = request.body;
        const admission = await throttle.admit(email, request.ip);
        if (!admission.ok) {
          throw tooManyRequests(
            `Too many failed sign-ins for this account. Try again in ${describeWait(admission.retryAfterSeconds)}, or reset your password to sign in now.`,
            admission.retryAfterSeconds,
          );
        }
        const user = await findUserByEmail(db, email);
        const valid = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
        if (!user || !valid) {
          await throttle.failed(email, request.ip);
          throw badRequest('Incorrect email or password.');
        }
        await throttle.succeeded(email, request.ip);
        const session = await startSession(request, reply, user.id);
        return { success: true, csrf_token: session.csrfToken, user: await loadUserData(db, user) };
      },
    );

    app.post(
      'logout/',
      { schema: { tags: ['auth'], summary: 'Sign out and end the session' } },
      async (request, reply) => {
        await ctx.sessions.destroy(currentAuth(request).sessionId);
        clearSessionCookie(reply, config);
        return { success: true };
      },
    );

    app.post(
      'forgot_password/',
      {
        config: publicLimited,
        schema: {
          tags: ['auth'],
          summary: 'Email a password reset link',
          description:
            "mail_delivery: smtp, or log when no SMTP is set up (the link is then in the server's log).",
          body: forgotPasswordSchema,
        },
      },
      async (request) => {
        const email = request.body.email;
        ctx.afterReply.run('password reset mail', () => mailPasswordReset(ctx, email));
        // The same answer, sent before the address is looked up, so neither it nor its time reveals one.
        return {
          success: true,
          message: mailDelivery === 'smtp' ? FORGOT_PASSWORD_MESSAGE : FORGOT_PASSWORD_LOGGED_MESSAGE,
          mail_delivery: mailDelivery,
        };
      },
    );

    app.get(
      'reset_password/',
      {
        config: publicLimited,
        schema: {
          tags: ['auth'],
          summary: 'Check a password reset key',
          querystring: z.object({ reset_key: resetKeySchema }),
        },
      },
      async (request) => {
        const reset = await findLivePasswordReset(db, sha256(request.query.reset_key));
        if (!reset) throw badRequest(RESET_LINK_SPENT);
        return { success: true, email: reset.email };
      },
    );

    app.post(
      'reset_password/',
      {
        config: publicLimited,
        schema: { tags: ['auth'], summary: 'Set a new password with a reset key', body: resetPasswordSchema },
      },
      async (request) => {
        const keyHash = sha256(request.body.reset_key);
        const reset = await findLivePasswordReset(db, keyHash);
        if (!reset) throw badRequest(RESET_LINK_SPENT);
        requireStrongPassword(request.body.password, [reset.email]);
        const userId = await applyPasswordReset(db, keyHash, await hashPassword(request.body.password));
        if (userId === null) throw badRequest(RESET_LINK_SPENT);
        ctx.sessions.forgetUser(userId);
        // The owner is never locked out: a new password ends every sign-in delay of the address.
        await throttle.clearAddress(reset.email);
        return { success: true, message: 'Your password has been changed. Sign in with your new password.' };
      },
    );

    app.get(
      'csrf/',
      { schema: { tags: ['auth'], summary: "The session's CSRF token" } },
      async (request) => ({
        success: true,
        csrf_token: currentAuth(request).csrfToken,
      }),
    );

    app.get('user/', { schema: { tags: ['auth'], summary: 'The signed-in user' } }, async (request) => ({
      success: true,
      data: await currentUserData(ctx, request),
    }));
  };
}
