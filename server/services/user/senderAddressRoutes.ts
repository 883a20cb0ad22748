import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  addSenderBodySchema,
  SENDER_LINK_SPENT,
  SENDER_LINK_TTL_HOURS,
  SENDER_MAILS_PER_HOUR,
  type SenderAddresses,
  senderIdBodySchema,
  senderKeySchema,
  senderRequestIdBodySchema,
  verifySenderBodySchema,
} from '../../../domain/senderAddresses.ts';
import { canManageOrganisation } from '../../../domain/userRoles.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { badRequest, PERMISSION_DENIED_BODY } from '../../lib/AppError.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { sha256 } from '../../lib/tokens.ts';
import { cancelSenderRequest } from './cancelSenderRequest.ts';
import { removeSender } from './removeSender.ts';
import { requestSenderAddress } from './requestSenderAddress.ts';
import { findLiveSenderRequest, senderRequestsOf, verifiedSendersOf } from './senderAddressQueries.ts';
import { setDefaultSender } from './setDefaultSender.ts';
import { verifySenderAddress } from './verifySenderAddress.ts';

const tags = ['settings'];

async function sendersAnswer(db: Kysely<Database>, user: UserRow) {
  const [senders, requests] = await Promise.all([
    verifiedSendersOf(db, user.org_id),
    senderRequestsOf(db, user.org_id),
  ]);
  const data: SenderAddresses = { senders, requests, can_manage: canManageOrganisation(user) };
  return { success: true as const, data };
}

/**
 * Settings › Sender addresses (user service): every user of the organisation reads its senders; its
 * administrators add (a single-use link mailed to the address verifies it), choose the default, remove
 * and withdraw. A member's change gets the 200 "permission denied" answer. The link itself is public.
 */
export function senderAddressRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const publicLimited = { public: true, rateLimit: { max: config.authRateLimit, timeWindow: '1 minute' } };

  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    /** Runs an administrator's change, then answers the senders as they are now. */
    const manage = async (
      request: Parameters<typeof currentAuth>[0],
      change: (user: UserRow) => Promise<void>,
    ) => {
      const { user } = currentAuth(request);
      if (!canManageOrganisation(user)) return PERMISSION_DENIED_BODY;
      await change(user);
      return sendersAnswer(db, user);
    };

    app.get(
      'sender_addresses/',
      {
        schema: {
          tags,
          summary: "The organisation's sender addresses and those waiting for verification",
          description:
            'data: senders (verified; is_default marks the one the publish step preselects), requests ' +
            '(addresses whose verification link has not been opened; expires_at), can_manage (an admin).',
        },
      },
      async (request) => sendersAnswer(db, currentAuth(request).user),
    );

    app.post(
      'add_sender_address/',
      {
        config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: 'Add a From address: a single-use verification link is mailed to it (admins)',
          description:
            `Form: email, sender_name. The link works for ${SENDER_LINK_TTL_HOURS} hours, once; asking again ` +
            `for the same address replaces it. At most ${SENDER_MAILS_PER_HOUR} verification emails an hour ` +
            'per organisation (429 with Retry-After). mail_delivery: smtp, or log when no SMTP is set up ' +
            "(the link is then in the server's log). Answers the request and the senders as they are now.",
          body: addSenderBodySchema,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        if (!canManageOrganisation(user)) return PERMISSION_DENIED_BODY;
        const answer = await requestSenderAddress(ctx, user, request.body);
        const { data } = await sendersAnswer(db, user);
        return { success: true as const, data: { ...data, ...answer } };
      },
    );

    app.post(
      'set_default_sender/',
      {
        schema: {
          tags,
          summary: 'Make a sender the default (admins)',
          description: 'Form: sender_id (one of the organisation senders, else 404).',
          body: senderIdBodySchema,
        },
      },
      async (request) => manage(request, (user) => setDefaultSender(db, user.org_id, request.body.sender_id)),
    );

    app.post(
      'remove_sender_address/',
      {
        schema: {
          tags,
          summary: 'Remove a sender (admins)',
          description:
            'Form: sender_id. Refused (400) for the only sender while it is the default, and while a ' +
            'scheduled, running or paused send comes from it. A removed default hands its place to the ' +
            'oldest other sender.',
          body: senderIdBodySchema,
        },
      },
      async (request) => manage(request, (user) => removeSender(db, user.org_id, request.body.sender_id)),
    );

    app.post(
      'cancel_sender_request/',
      {
        schema: {
          tags,
          summary: 'Withdraw an address waiting for verification: its link stops working (admins)',
          body: senderRequestIdBodySchema,
        },
      },
      async (request) =>
        manage(request, (user) => cancelSenderRequest(db, user.org_id, request.body.request_id)),
    );

    app.get(
      'verify_sender_address/',
      {
        config: publicLimited,
        schema: {
          tags,
          summary: 'Check a sender verification link (no sign-in)',
          querystring: z.object({ key: senderKeySchema }),
        },
      },
      async (request) => {
        const found = await findLiveSenderRequest(db, sha256(request.query.key), ctx.clock());
        if (!found) throw badRequest(SENDER_LINK_SPENT);
        return {
          success: true as const,
          data: { email: found.address, organisation_name: found.organisation_name },
        };
      },
    );

    app.post(
      'verify_sender_address/',
      {
        config: publicLimited,
        schema: {
          tags,
          summary: 'Verify a sender address with its mailed key (no sign-in)',
          description:
            'Form: key. The address becomes a verified sender (the default when the organisation has none); ' +
            'the key is spent.',
          body: verifySenderBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await verifySenderAddress(db, sha256(request.body.key), ctx.clock()),
      }),
    );
  };
}
