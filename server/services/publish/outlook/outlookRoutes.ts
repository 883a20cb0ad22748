import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  outlookAuthorizedBodySchema,
  outlookCallbackQuerySchema,
  outlookConnectBodySchema,
} from '../../../../domain/outlookSchemas.ts';
import type { AppContext } from '../../../lib/AppContext.ts';
import { authGuard, currentAuth } from '../../../lib/sessions.ts';
import type { OutlookMailboxes } from './OutlookMailboxes.ts';
import {
  finishOutlookConnection,
  type OutlookDeps,
  routeThroughOutlook,
  startOutlookConnection,
} from './outlookConnection.ts';

/**
 * Connecting a user's Outlook mailbox (OAuth 2.0 authorization code with PKCE against the Microsoft identity
 * platform) and choosing it for an edition: outlook_connect/ starts a sign-in, callback/ finishes it (the
 * /outlook_auth page calls it with what Microsoft returned), outlook_authorized/ sends an edition through
 * the mailbox (or not), outlook_disconnect/ forgets it. See docs/publish.md.
 */
export function outlookRoutes(ctx: AppContext, mailboxes: OutlookMailboxes): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['publish'];

  const deps: OutlookDeps = { db, config, mailboxes, clock: ctx.clock };

  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.post(
      'outlook_connect/',
      {
        schema: {
          tags,
          summary: 'Start connecting your Outlook mailbox: answers the Microsoft sign-in address',
          description:
            'Form: version_id (the edition to come back to). Answers data.url (Microsoft sign-in, with a ' +
            'one-time state bound to you, valid 10 minutes, and a PKCE S256 challenge). 400 ' +
            'outlook_not_configured names the variables to set.',
          body: outlookConnectBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await startOutlookConnection(deps, currentAuth(request).user, request.body.version_id),
      }),
    );

    app.get(
      'callback/',
      {
        schema: {
          tags,
          summary: 'Finish connecting Outlook with what Microsoft returned (code, state, session_state)',
          description:
            'The state must be one this user started, not used and under 10 minutes old (else 400 ' +
            'outlook_state). The code is exchanged with the PKCE verifier; the mailbox address and name are ' +
            "read from Graph /me; the tokens are stored encrypted. Answers the mailbox and the edition's ids.",
          querystring: outlookCallbackQuerySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await finishOutlookConnection(deps, currentAuth(request).user, request.query, request.log),
      }),
    );

    app.post(
      'outlook_authorized/',
      {
        schema: {
          tags,
          summary: 'Send an edition through your connected Outlook mailbox (outlook_route 1) or not (0)',
          description:
            'Form: campaign_id, email_id, version_id (the edition of that email), outlook_route, is_custom ' +
            '(accepted; no effect here). outlook_route 1 needs a working connection (400 ' +
            'outlook_not_connected). A sent or scheduled edition keeps its route (400).',
          body: outlookAuthorizedBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await routeThroughOutlook(deps, currentAuth(request).user, request.body),
      }),
    );

    app.post(
      'outlook_disconnect/',
      { schema: { tags, summary: 'Forget your connected Outlook mailbox (its tokens are deleted)' } },
      async (request) => {
        const { user } = currentAuth(request);
        await mailboxes.disconnect(user.id);
        return { success: true as const };
      },
    );
  };
}
