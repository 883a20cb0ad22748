import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forgotPasswordSchema,
  loginSchema,
  resetKeySchema,
  resetPasswordSchema,
  signupSchema,
} from '../../../src/domain/authSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { badRequest } from '../../lib/AppError.ts';
import { escapeHtml } from '../../lib/escapeHtml.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { authGuard, clearSessionCookie, currentAuth, setSessionCookie } from '../../lib/sessions.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import { currentUserData } from '../user/currentUserData.ts';
import { loadUserData } from '../user/queries.ts';
import {
  applyPasswordReset,
  createOrganisationAndUser,
  createPasswordReset,
  findLivePasswordReset,
  findUserByEmail,
} from './queries.ts';

const RESET_KEY_TTL_MS = 60 * 60 * 1000;

/** Auth service: sign-up, sign-in, sign-out, password reset, CSRF token and the current user. */
export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const publicLimited = { public: true, rateLimit: { max: config.authRateLimit, timeWindow: '1 minute' } };

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
        schema: { tags: ['auth'], summary: 'Create an account and sign in', body: signupSchema },
      },
      async (request, reply) => {
        const input = request.body;
        if (await findUserByEmail(db, input.email)) {
          throw badRequest('An account with this email already exists. Sign in or reset your password.');
        }
        const user = await createOrganisationAndUser(db, {
          organisationName: input.organisation_name || `${input.first_name} ${input.last_name}'s workspace`,
          email: input.email,
          passwordHash: await hashPassword(input.password),
          firstName: input.first_name,
          lastName: input.last_name,
        }).catch((error: unknown) => {
          // Two sign-ups with one email at the same moment: the unique index decides.
          if ((error as { code?: string }).code === '23505') {
            throw badRequest('An account with this email already exists. Sign in or reset your password.');
          }
          throw error;
        });
        const session = await startSession(request, reply, user.id);
        return { success: true, csrf_token: session.csrfToken, user: await loadUserData(db, user) };
      },
    );

    app.post(
      'login/',
      { config: publicLimited, schema: { tags: ['auth'], summary: 'Sign in', body: loginSchema } },
      async (request, reply) => {
        const user = await findUserByEmail(db, request.body.email);
        const valid = await verifyPassword(
          request.body.password,
          user?.password_hash ?? (await dummyPasswordHash()),
        );
        if (!user || !valid) throw badRequest('Incorrect email or password.');
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
        schema: { tags: ['auth'], summary: 'Email a password reset link', body: forgotPasswordSchema },
      },
      async (request) => {
        const user = await findUserByEmail(db, request.body.email);
        if (user) {
          const key = newToken();
          await createPasswordReset(db, user.id, sha256(key), new Date(Date.now() + RESET_KEY_TTL_MS));
          const link = `${config.publicOrigin}/resetPassword/${key}`;
          await ctx.mail.send({
            orgId: user.org_id,
            kind: 'password_reset',
            to: user.email,
            subject: 'Reset your password',
            text: `Hello ${user.first_name},\n\nSomeone asked to reset the password of your account. If it was you, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.`,
            html: `<p>Hello ${escapeHtml(user.first_name)},</p><p>Someone asked to reset the password of your account. If it was you, open this link within one hour:</p><p><a href="${link}">Reset my password</a></p><p>If it was not you, ignore this email: your password stays as it is.</p>`,
          });
        }
        // The same answer whether or not the account exists, so the form reveals no addresses.
        return {
          success: true,
          message: 'If an account exists for that email, we have sent a link to reset its password.',
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
        if (!reset)
          throw badRequest('This reset link has expired or has already been used. Ask for a new one.');
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
        const userId = await applyPasswordReset(
          db,
          sha256(request.body.reset_key),
          await hashPassword(request.body.password),
        );
        if (userId === null)
          throw badRequest('This reset link has expired or has already been used. Ask for a new one.');
        ctx.sessions.forgetUser(userId);
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
