import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../../config.ts';
import type { Database, UserRow } from '../../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../../lib/AppError.ts';
import { readGraphMailbox } from './graphSendMail.ts';
import { authorizeUrl, exchangeCode, newPkcePair, OutlookCallError } from './microsoftIdentity.ts';
import type { OutlookMailboxes } from './OutlookMailboxes.ts';
import { decryptSecret, encryptSecret } from './tokenCipher.ts';

/** How long a started Outlook sign-in may take before its state is refused. */
export const OUTLOOK_STATE_TTL_MS = 10 * 60 * 1000;

export type OutlookDeps = {
  db: Kysely<Database>;
  config: AppConfig;
  mailboxes: OutlookMailboxes;
  clock: () => Date;
};

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/** A 400 with a machine-readable `error` beside the message. */
const refused = (message: string, error: string) => new AppError(400, message, {}, { error });

const AGAIN = 'connect Outlook again from the publish step.';

/** Refuses (400 outlook_not_configured, naming what the operator sets) when the server has no Outlook. */
function requireConfigured(deps: OutlookDeps): void {
  if (!deps.mailboxes.configured) {
    throw refused(
      `Outlook is not set up on this server: set ${deps.config.outlook.missing.join(' and ')} (docs/publish.md).`,
      'outlook_not_configured',
    );
  }
}

/**
 * outlook_connect/: starts a Microsoft sign-in for the user: a one-time state bound to them (stored
 * hashed, valid 10 minutes, with the PKCE verifier encrypted), answering the sign-in address.
 */
export async function startOutlookConnection(deps: OutlookDeps, user: UserRow, versionId: number) {
  const { db, config } = deps;
  const edition = await db
    .selectFrom('email_versions')
    .select('id')
    .where('id', '=', versionId)
    .where('org_id', '=', user.org_id)
    .executeTakeFirst();
  if (!edition) throw notFound('Edition not found.');
  requireConfigured(deps);
  const key = config.outlook.tokenKey as Buffer;
  const now = deps.clock();
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
  return { url: authorizeUrl(config.outlook, state, pkce.challenge) };
}

/** The started sign-in of this state, claimed once for this user (else 400 outlook_state). */
async function claimState(deps: OutlookDeps, user: UserRow, state: string) {
  const { db } = deps;
  const now = deps.clock();
  const stateHash = hashState(state);
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
    deps.config.outlook.tokenKey as Buffer,
    started.code_verifier,
    `verifier:${stateHash}`,
  );
  if (verifier === null) throw refused(`This Outlook sign-in cannot be finished: ${AGAIN}`, 'outlook_state');
  return { versionId: started.version_id, verifier };
}

/**
 * callback/: finishes a sign-in with what Microsoft returned: the state checked and claimed, the code
 * exchanged with the PKCE verifier, the mailbox read from Graph /me, the tokens stored encrypted. Answers
 * the mailbox and the ids of the edition the sign-in started from.
 */
export async function finishOutlookConnection(
  deps: OutlookDeps,
  user: UserRow,
  query: { code: string; state: string },
  log: FastifyBaseLogger,
) {
  requireConfigured(deps);
  const { versionId, verifier } = await claimState(deps, user, query.state);
  try {
    const tokens = await exchangeCode(deps.config.outlook, query.code, verifier);
    const mailbox = await readGraphMailbox(deps.config.outlook, tokens.accessToken);
    await deps.mailboxes.save(user.id, user.org_id, mailbox, tokens);
    const edition = versionId
      ? await deps.db
          .selectFrom('email_versions as v')
          .innerJoin('emails as e', 'e.id', 'v.email_id')
          .select(['v.id as version_id', 'v.email_id', 'e.campaign_id'])
          .where('v.id', '=', versionId)
          .where('v.org_id', '=', user.org_id)
          .executeTakeFirst()
      : undefined;
    return {
      email_address: mailbox.address,
      name: mailbox.name,
      version_id: edition?.version_id ?? null,
      email_id: edition?.email_id ?? null,
      campaign_id: edition?.campaign_id ?? null,
    };
  } catch (error) {
    if (error instanceof OutlookCallError) {
      log.warn({ userId: user.id }, `Outlook connection failed: ${error.message}`);
      throw refused(`${error.message} Outlook is not connected: try again.`, 'outlook_connection');
    }
    throw error;
  }
}

/**
 * outlook_authorized/: the edition goes through the user's connected mailbox (on: a working connection
 * needed) or through the organisation's sender (off). A sent or scheduled edition keeps its route.
 */
export async function routeThroughOutlook(
  deps: OutlookDeps,
  user: UserRow,
  body: { campaign_id: number; email_id: number; version_id: number; outlook_route: boolean },
) {
  const edition = await deps.db
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
    requireConfigured(deps);
    const mailbox = await deps.mailboxes.state(user.id);
    if (mailbox?.status !== 'connected') {
      throw refused(
        mailbox ? `The Outlook connection stopped working: ${AGAIN}` : 'Connect your Outlook mailbox first.',
        'outlook_not_connected',
      );
    }
  }
  await deps.db
    .updateTable('email_versions')
    .set({ outlook_route: body.outlook_route, updated_at: deps.clock() })
    .where('id', '=', edition.id)
    .execute();
  return { version_id: edition.id, outlook_route: body.outlook_route };
}
