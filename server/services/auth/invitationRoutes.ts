import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInvitationSchema,
  INVITATION_SPENT,
  type InvitationCheck,
  invitationKeySchema,
} from '../../../domain/teamSettings.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { badRequest } from '../../lib/AppError.ts';
import { authGuard, setSessionCookie, userAgentOf } from '../../lib/sessions.ts';
import { sha256 } from '../../lib/tokens.ts';
import { findLiveInvitation } from '../user/teamQueries.ts';
import { acceptInvitation } from './acceptInvitation.ts';

/**
 * Auth service, a team invitation's link (no sign-in): check it (whose organisation, who invited, the
 * role), then accept it with a name and a password, which creates the user and signs them in.
 */
export function invitationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const publicLimited = { public: true, rateLimit: { max: config.authRateLimit, timeWindow: '1 minute' } };

  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.get(
      'invitation/',
      {
        config: publicLimited,
        schema: {
          tags: ['auth'],
          summary: 'Check a team invitation link',
          description: 'key. A spent, expired, withdrawn or forged key is a 400.',
          querystring: z.object({ key: invitationKeySchema }),
        },
      },
      async (request) => {
        const found = await findLiveInvitation(db, sha256(request.query.key), ctx.clock());
        if (!found) throw badRequest(INVITATION_SPENT);
        const data: InvitationCheck = {
          email: found.email,
          organisation_name: found.organisation_name,
          invited_by: `${found.inviter_first_name ?? ''} ${found.inviter_last_name ?? ''}`.trim(),
          role: found.role,
        };
        return { success: true as const, data };
      },
    );

    app.post(
      'accept_invitation/',
      {
        config: publicLimited,
        schema: {
          tags: ['auth'],
          summary: 'Accept a team invitation: choose a name and a password; signs in',
          description:
            'Form: key, first_name, last_name, password. The key is spent; the user joins the organisation ' +
            'with the invitation’s role. A spent key, a weak password or an address with an account: 400.',
          body: acceptInvitationSchema,
        },
      },
      async (request, reply) => {
        const started = await acceptInvitation(ctx, request.body, userAgentOf(request));
        setSessionCookie(reply, config, started.session.token, started.session.expiresAt);
        return { success: true as const, csrf_token: started.session.csrfToken, user: started.user };
      },
    );
  };
}
