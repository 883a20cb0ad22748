import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginSchema } from '../../../domain/authSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import {
  authGuard,
  clearSessionCookie,
  currentAuth,
  setSessionCookie,
  userAgentOf,
} from '../../lib/sessions.ts';
import { currentUserData } from '../user/currentUserData.ts';
import { LoginThrottle } from './loginThrottle.ts';
import { signIn } from './signIn.ts';

/** Auth service, the session: sign in, sign out, its CSRF token and the signed-in user. */
export function sessionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const publicLimited = { public: true, rateLimit: { max: config.authRateLimit, timeWindow: '1 minute' } };
  const throttle = new LoginThrottle(db, ctx.clock);

  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.post(
      'login/',
      { config: publicLimited, schema: { tags: ['auth'], summary: 'Sign in', body: loginSchema } },
      async (request, reply) => {
        const { email, password } = request.body;
        const started = await signIn(ctx, throttle, {
          email,
          password,
          ip: request.ip,
          userAgent: userAgentOf(request),
        });
        setSessionCookie(reply, config, started.session.token, started.session.expiresAt);
        return { success: true, csrf_token: started.session.csrfToken, user: started.user };
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
