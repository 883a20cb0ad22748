import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmSignupSchema,
  SIGNUP_CHECK_EMAIL_MESSAGE,
  SIGNUP_LOGGED_LINK_MESSAGE,
  signupKeySchema,
  signupSchema,
} from '../../../domain/authSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard, setSessionCookie, userAgentOf } from '../../lib/sessions.ts';
import { sha256 } from '../../lib/tokens.ts';
import { livePendingSignup } from './authQueries.ts';
import { confirmSignup } from './confirmSignup.ts';
import { mailSignup } from './mailSignup.ts';
import { requireStrongPassword } from './requireStrongPassword.ts';

/** Auth service, sign-up: ask for an account (a mailed link), check the link, finish it (signs in). */
export function signupRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const publicLimited = { public: true, rateLimit: { max: config.authRateLimit, timeWindow: '1 minute' } };
  // Without SMTP the answers say so (and where the links are) instead of "check your email".
  const mailDelivery = config.smtpUrl ? ('smtp' as const) : ('log' as const);

  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

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
        const pending = await livePendingSignup(db, sha256(request.query.signup_key));
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
        const started = await confirmSignup(ctx, request.body.signup_key, userAgentOf(request));
        setSessionCookie(reply, config, started.session.token, started.session.expiresAt);
        return { success: true, csrf_token: started.session.csrfToken, user: started.user };
      },
    );
  };
}
