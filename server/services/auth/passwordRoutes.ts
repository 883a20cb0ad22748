import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FORGOT_PASSWORD_LOGGED_MESSAGE,
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordSchema,
  resetKeySchema,
  resetPasswordSchema,
} from '../../../domain/authSchemas.ts';
import { changePasswordSchema } from '../../../domain/profileSettings.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { sha256 } from '../../lib/tokens.ts';
import { livePasswordReset } from './authQueries.ts';
import { changePassword } from './changePassword.ts';
import { LoginThrottle } from './loginThrottle.ts';
import { mailPasswordReset } from './mailPasswordReset.ts';
import { resetPassword } from './resetPassword.ts';

/**
 * Auth service, passwords: a forgotten one (ask for a mailed reset link, check it, set a new password with
 * it) and a signed-in user's change of their own (Settings › Profile).
 */
export function passwordRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const publicLimited = { public: true, rateLimit: { max: config.authRateLimit, timeWindow: '1 minute' } };
  const throttle = new LoginThrottle(db, ctx.clock);
  // Without SMTP the answers say so (and where the links are) instead of "check your email".
  const mailDelivery = config.smtpUrl ? ('smtp' as const) : ('log' as const);

  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

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
        const reset = await livePasswordReset(db, sha256(request.query.reset_key));
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
        await resetPassword(ctx, throttle, {
          resetKey: request.body.reset_key,
          password: request.body.password,
        });
        return { success: true, message: 'Your password has been changed. Sign in with your new password.' };
      },
    );

    app.post(
      'change_password/',
      {
        config: { rateLimit: { max: config.authRateLimit, timeWindow: '1 minute' } },
        schema: {
          tags: ['auth'],
          summary:
            'Change your password (Settings › Profile): asks the current one, ends your other sessions',
          description:
            'Form: current_password, new_password. A wrong current password, a weak or unchanged new one: 400. ' +
            'Every other session of the user ends; this one stays. ended_sessions: how many ended.',
          body: changePasswordSchema,
        },
      },
      async (request) => ({
        success: true as const,
        ...(await changePassword(ctx, currentAuth(request), request.body)),
      }),
    );
  };
}
