import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  outlookAuthorizedBodySchema,
  outlookCallbackQuerySchema,
  outlookConnectBodySchema,
} from '../../../../domain/outlookSchemas.ts';
import type { AppContext } from '../../../lib/AppContext.ts';
import { AppError, badRequest, notFound } from '../../../lib/AppError.ts';
import { authGuard, currentAuth } from '../../../lib/sessions.ts';
import { readGraphMailbox } from './graphSendMail.ts';
import { authorizeUrl, exchangeCode, newPkcePair, OutlookCallError } from './microsoftIdentity.ts';
import type { OutlookMailboxes } from './OutlookMailboxes.ts';
import { decryptSecret, encryptSecret } from './tokenCipher.ts';

/** How long a started Outlook sign-in may take before its state is refused. */
export const OUTLOOK_STATE_TTL_MS = 10 * 60 * 1000;

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/** A 400 with a machine-readable `error` beside the message. */
const refused = (message: string, error: string) => new AppError(400, message, {}, { error });

const AGAIN = 'connect Outlook again from the publish step.';

/**
 * Connecting a user's Outlook mailbox (OAuth 2.0 authorization code with PKCE against the Microsoft identity
 * platform) and choosing it for an edition: outlook_connect/ starts a sign-in, callback/ finishes it (the
 * /outlook_auth page calls it with what Microsoft returned), outlook_authorized/ sends an edition through
 * the mailbox (or not), outlook_disconnect/ forgets it. See docs/publish.md.
 */
export function outlookRoutes(ctx: AppContext, mailboxes: OutlookMailboxes): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['publish'];

  function requireConfigured(): void {
    if (!mailboxes.configured) {
      throw refused(
        `Outlook is not set up on this server: set ${config.outlook.missing.join(' and ')} (docs/publish.md).`,
        'outlook_not_configured',
      );
    }
  }

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
      async (request) => {
        const { user } = currentAuth(request);
        const edition = await db
          .selectFrom('email_versions')
          .select('id')
          .where('id', '=', request.body.version_id)
          .where('org_id', '=', user.org_id)
          .executeTakeFirst();
        if (!edition) throw notFound('Edition not found.');
        requireConfigured();
        const key = config.outlook.tokenKey as Buffer;
        const now = ctx.clock();
        const state = randomBytes(32).toString('base64url');
        const stateHash = hashState(state);
        const pkce = newPkcePair();
        await db.deleteFrom('outlook_auth_states').where('expires_at', '<', now).execute();
        await db
          .insertInto('outlook_auth_states')
          .values({
            state_hash: stateHash,
            user_id: user.id,
            org_id: user.org_id,
            code_verifier: encryptSecret(key, pkce.verifier, `verifier:${stateHash}`),
            version_id: edition.id,
            expires_at: new Date(now.getTime() + OUTLOOK_STATE_TTL_MS),
          })
          .execute();
        return {
          success: true as const,
          data: { url: authorizeUrl(config.outlook, state, pkce.challenge) },
        };
      },
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
      async (request) => {
        const { user } = currentAuth(request);
        requireConfigured();
        const now = ctx.clock();
        const stateHash = hashState(request.query.state);
        const started = await db
          .selectFrom('outlook_auth_states')
          .selectAll()
          .where('state_hash', '=', stateHash)
          .executeTakeFirst();
        if (!started) {
          throw refused(`This Outlook sign-in is not one the workbench started: ${AGAIN}`, 'outlook_state');
        }
        if (started.user_id !== user.id) {
          throw refused(`This Outlook sign-in was started by someone else: ${AGAIN}`, 'outlook_state');
        }
        if (started.used_at !== null) {
          throw refused(`This Outlook sign-in has been used already: ${AGAIN}`, 'outlook_state');
        }
        if (started.expires_at.getTime() <= now.getTime()) {
          throw refused(`This Outlook sign-in took longer than 10 minutes: ${AGAIN}`, 'outlook_state');
        }
        // Used once: of two requests with one state, only the one that marks it goes on.
        const claimed = await db
          .updateTable('outlook_auth_states')
          .set({ used_at: now })
          .where('state_hash', '=', stateHash)
          .where('used_at', 'is', null)
          .returning('state_hash')
          .executeTakeFirst();
        if (!claimed) throw refused(`This Outlook sign-in has been used already: ${AGAIN}`, 'outlook_state');
        const verifier = decryptSecret(
          config.outlook.tokenKey as Buffer,
          started.code_verifier,
          `verifier:${stateHash}`,
        );
        if (verifier === null)
          throw refused(`This Outlook sign-in cannot be finished: ${AGAIN}`, 'outlook_state');
        try {
          const tokens = await exchangeCode(config.outlook, request.query.code, verifier);
          const mailbox = await readGraphMailbox(config.outlook, tokens.accessToken);
          await mailboxes.save(user.id, user.org_id, mailbox, tokens);
          const edition = started.version_id
            ? await db
                .selectFrom('email_versions as v')
                .innerJoin('emails as e', 'e.id', 'v.email_id')
                .select(['v.id as version_id', 'v.email_id', 'e.campaign_id'])
                .where('v.id', '=', started.version_id)
                .where('v.org_id', '=', user.org_id)
                .executeTakeFirst()
            : undefined;
          return {
            success: true as const,
            data: {
              email_address: mailbox.address,
              name: mailbox.name,
              version_id: edition?.version_id ?? null,
              email_id: edition?.email_id ?? null,
              campaign_id: edition?.campaign_id ?? null,
            },
          };
        } catch (error) {
          if (error instanceof OutlookCallError) {
            request.log.warn({ userId: user.id }, `Outlook connection failed: ${error.message}`);
            throw refused(`${error.message} Outlook is not connected: try again.`, 'outlook_connection');
          }
          throw error;
        }
      },
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
      async (request) => {
        const { user } = currentAuth(request);
        const body = request.body;
        const edition = await db
          .selectFrom('email_versions as v')
          .innerJoin('emails as e', 'e.id', 'v.email_id')
          .select(['v.id', 'v.status'])
          .where('v.id', '=', body.version_id)
          .where('v.email_id', '=', body.email_id)
          .where('e.campaign_id', '=', body.campaign_id)
          .where('v.org_id', '=', user.org_id)
          .executeTakeFirst();
        if (!edition) throw notFound('Edition not found.');
        if (edition.status === 'sent' || edition.status === 'scheduled') {
          throw badRequest(`This edition is ${edition.status}: its sender cannot change now.`);
        }
        if (body.outlook_route) {
          requireConfigured();
          const mailbox = await mailboxes.state(user.id);
          if (mailbox?.status !== 'connected') {
            throw refused(
              mailbox
                ? `The Outlook connection stopped working: ${AGAIN}`
                : 'Connect your Outlook mailbox first.',
              'outlook_not_connected',
            );
          }
        }
        await db
          .updateTable('email_versions')
          .set({ outlook_route: body.outlook_route, updated_at: ctx.clock() })
          .where('id', '=', edition.id)
          .execute();
        return {
          success: true as const,
          data: { version_id: edition.id, outlook_route: body.outlook_route },
        };
      },
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
