import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { SendBodies } from '../../../server/services/delivery/SendBodies.ts';
import {
  type DeliveryWorker,
  startDeliveryWorker,
} from '../../../server/services/delivery/startDeliveryWorker.ts';
import { OutlookMailboxes } from '../../../server/services/publish/outlook/OutlookMailboxes.ts';
import { outlookTransport } from '../../../server/services/publish/outlook/outlookDelivery.ts';
import { decryptSecret, encryptSecret } from '../../../server/services/publish/outlook/tokenCipher.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { createColleague, get, post, signInColleague } from '../workflowTestKit.ts';
import { everyKindDesign } from './designFixtures.ts';
import { startGraphRecorder, startIdentityProvider } from './outlookKit.ts';
import { addToList } from './publishTestKit.ts';

const P = '/api/publish/';
const C = '/api/campaign/';
const ORIGIN = 'https://app.example.test';
const KEY = randomBytes(32);
const LIMIT = 5;

let t: TestApp;
let idp: Awaited<ReturnType<typeof startIdentityProvider>>;
let graph: Awaited<ReturnType<typeof startGraphRecorder>>;
let worker: DeliveryWorker;
let demo: Session;
let colleague: Session;
let listId: number;

type Res = { statusCode: number; body: string; json: () => unknown };
function ok<T>(response: Res): T {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: T }).data;
}
function refused(response: Res) {
  expect(response.statusCode, response.body).toBe(400);
  return response.json() as { success: false; message: string; error?: string };
}

type Ids = { campaignId: number; emailId: number; versionId: number };
async function designedEdition(name: string): Promise<Ids> {
  const campaign = ok<{ campaign_id: number }>(
    await post(t.app, demo, `${C}create_campaign/`, { campaign_name: name }),
  );
  const email = ok<{ email_id: number; editions: { version_id: number }[] }>(
    await post(t.app, demo, `${C}create_email/`, {
      email_name: `${name} email`,
      campaign_id: campaign.campaign_id,
      email_type: 1,
    }),
  );
  const versionId = email.editions[0]?.version_id as number;
  const saved = await post(t.app, demo, `${P}design/save/`, {
    version_id: versionId,
    version_name: `${name} edition`,
    design: JSON.stringify(everyKindDesign()),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { campaignId: campaign.campaign_id, emailId: email.email_id, versionId };
}

/** Starts a connection and follows Microsoft's (the mock's) redirect: the code and state it returns. */
async function authorize(session: Session, versionId: number) {
  const { url } = ok<{ url: string }>(
    await post(t.app, session, `${P}outlook_connect/`, { version_id: versionId }),
  );
  const answer = await fetch(url, { redirect: 'manual' });
  const back = new URL(answer.headers.get('location') as string);
  return {
    url: new URL(url),
    back,
    code: back.searchParams.get('code') as string,
    state: back.searchParams.get('state') as string,
  };
}

async function connect(session: Session, versionId: number) {
  const { code, state } = await authorize(session, versionId);
  return ok<{ email_address: string; name: string; version_id: number }>(
    await get(t.app, session, `${P}callback/`, { code, state, session_state: 'abc' }),
  );
}

type PublishData = {
  outlook_configured: boolean;
  outlook_sender_email_address: string | null;
  outlook_sender_name: string | null;
  outlook_route: boolean;
  is_authorized: boolean;
  connectionError: boolean;
  outlook_connection_error: string | null;
  outlook_remaining_emails: number;
};
const publishData = async (versionId: number, check = false) =>
  ok<PublishData>(
    await get(t.app, demo, `${P}publish_email/`, {
      version_id: versionId,
      ...(check ? { outlook_route: 1 } : {}),
    }),
  );

async function addContacts(count: number, tag: string): Promise<void> {
  await addToList(t, listId, `outlook-${tag}`, count);
}

/** The edition goes to the list through the connected mailbox. */
async function routeThroughOutlook(ids: Ids): Promise<void> {
  ok(
    await post(t.app, demo, `${P}publish_configurations/`, {
      version_id: ids.versionId,
      list_ids: String(listId),
    }),
  );
  ok(
    await post(t.app, demo, `${P}outlook_authorized/`, {
      campaign_id: ids.campaignId,
      email_id: ids.emailId,
      version_id: ids.versionId,
      outlook_route: 1,
      is_custom: 0,
    }),
  );
}

const publishNow = (ids: Ids) =>
  post(t.app, demo, `${P}publish_email/`, { version_id: ids.versionId, confirm_warnings: 1 });

/** Sends an edition to the list through Outlook (answers publish_email/'s answer). */
async function sendThroughOutlook(ids: Ids): Promise<Res> {
  await routeThroughOutlook(ids);
  return publishNow(ids);
}

async function walked(sendId: number): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await t.database.db
            .selectFrom('edition_sends')
            .select('status')
            .where('id', '=', sendId)
            .executeTakeFirstOrThrow()
        ).status,
      { timeout: 10_000 },
    )
    .toBe('sent');
}

const connection = () =>
  t.database.db
    .selectFrom('outlook_connections')
    .selectAll()
    .where('user_id', '=', DEMO_IDS.demoUserId)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  [idp, graph] = await Promise.all([startIdentityProvider(), startGraphRecorder()]);
  t = await createTestApp(
    {
      DELIVERY_WORKER: 'false',
      PUBLIC_ORIGIN: ORIGIN,
      OUTLOOK_CLIENT_ID: 'workbench-test-client',
      OUTLOOK_TOKEN_KEY: KEY.toString('base64'),
      OUTLOOK_AUTHORIZE_URL: idp.authorizeUrl,
      OUTLOOK_TOKEN_URL: idp.tokenUrl,
      GRAPH_BASE_URL: graph.url,
      OUTLOOK_DAILY_LIMIT: String(LIMIT),
    },
    { captureLog: true },
  );
  worker = startDeliveryWorker({
    db: t.database.db,
    sinks: [],
    trackingBaseUrl: t.config.trackingBaseUrl,
    publicOrigin: ORIGIN,
    preferenceBase: t.config.bases.preference,
    log: { warn: () => {}, error: () => {} },
    pollMs: 0,
    wakeOnQueue: false,
    outlook: outlookTransport(new OutlookMailboxes(t.database.db, t.config.outlook)),
  });
  demo = await signIn(t.app);
  await createColleague(t.database);
  colleague = await signInColleague(t.app);
  const list = await t.database.db
    .insertInto('contact_lists')
    .values({
      org_id: DEMO_IDS.mainOrgId,
      user_id: DEMO_IDS.demoUserId,
      name: 'Outlook list',
      is_active: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  listId = list.id;
  await addContacts(3, 'first');
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await Promise.all([idp?.stop(), graph?.close()]);
});

describe('connecting Outlook (authorization code with PKCE)', () => {
  it('sends the browser to the identity provider with a state and an S256 challenge, back to /outlook_auth', async () => {
    const { versionId } = await designedEdition('Connect');
    const { url, back, state } = await authorize(demo, versionId);
    expect(url.origin + url.pathname).toBe(idp.authorizeUrl);
    expect(url.searchParams.get('client_id')).toBe('workbench-test-client');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('scope')).toContain('Mail.Send');
    expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/outlook_auth`);
    expect(back.origin + back.pathname).toBe(`${ORIGIN}/outlook_auth`);
    expect(state).toBe(url.searchParams.get('state'));
    // The state is stored only as its hash, with the verifier encrypted.
    const stored = await t.database.db.selectFrom('outlook_auth_states').selectAll().execute();
    expect(stored.some((row) => row.state_hash === state)).toBe(false);
    expect(stored.some((row) => row.state_hash === createHash('sha256').update(state).digest('hex'))).toBe(
      true,
    );
  });

  it('exchanges the code with the PKCE verifier, reads the mailbox from Graph and keeps the tokens encrypted', async () => {
    const { versionId } = await designedEdition('Callback');
    const { url, code, state } = await authorize(demo, versionId);
    const before = idp.exchanges.length;
    const connected = ok<{ email_address: string; name: string; version_id: number }>(
      await get(t.app, demo, `${P}callback/`, { code, state, session_state: 'abc' }),
    );
    expect(connected).toMatchObject({
      email_address: 'news@contoso.test',
      name: 'Contoso News',
      version_id: versionId,
    });
    const exchange = idp.exchanges[before];
    expect(exchange?.body).toMatchObject({
      grant_type: 'authorization_code',
      code,
      client_id: 'workbench-test-client',
    });
    const verifier = exchange?.body.code_verifier as string;
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(
      url.searchParams.get('code_challenge'),
    );
    const access = exchange?.answer.body.access_token as string;
    const refresh = exchange?.answer.body.refresh_token as string;
    const row = await connection();
    expect(row.access_token).not.toContain(access);
    expect(row.refresh_token).not.toContain(refresh);
    expect(decryptSecret(KEY, row.access_token, `access:${DEMO_IDS.demoUserId}`)).toBe(access);
    expect(decryptSecret(KEY, row.refresh_token, `refresh:${DEMO_IDS.demoUserId}`)).toBe(refresh);
    // Graph /me was asked with the new access token.
    expect(graph.calls.at(-1)).toMatchObject({ method: 'GET', path: '/v1.0/me', token: access });
    expect(await publishData(versionId)).toMatchObject({
      outlook_configured: true,
      outlook_sender_email_address: 'news@contoso.test',
      outlook_sender_name: 'Contoso News',
      is_authorized: true,
      connectionError: false,
      outlook_route: false,
      outlook_remaining_emails: LIMIT,
    });
    // No token is written to the log.
    const log = JSON.stringify(t.logLines());
    expect(log).not.toContain(access);
    expect(log).not.toContain(refresh);
  });

  it("refuses a forged, reused, expired or someone else's state with 400", async () => {
    const { versionId } = await designedEdition('States');
    const forged = refused(
      await get(t.app, demo, `${P}callback/`, { code: 'abc', state: randomBytes(32).toString('base64url') }),
    );
    expect(forged).toMatchObject({ error: 'outlook_state' });
    expect(forged.message).toContain('not one the workbench started');

    const first = await authorize(demo, versionId);
    const byColleague = refused(
      await get(t.app, colleague, `${P}callback/`, { code: first.code, state: first.state }),
    );
    expect(byColleague.message).toContain('started by someone else');
    ok(await get(t.app, demo, `${P}callback/`, { code: first.code, state: first.state }));
    const reused = refused(await get(t.app, demo, `${P}callback/`, { code: first.code, state: first.state }));
    expect(reused.message).toContain('used already');

    const late = await authorize(demo, versionId);
    await t.database.db
      .updateTable('outlook_auth_states')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('state_hash', '=', createHash('sha256').update(late.state).digest('hex'))
      .execute();
    const expired = refused(await get(t.app, demo, `${P}callback/`, { code: late.code, state: late.state }));
    expect(expired.message).toContain('longer than 10 minutes');

    refused(await get(t.app, demo, `${P}callback/`, { state: late.state }));
  });

  it('fails the exchange when the verifier is not the one the challenge was made from', async () => {
    const { versionId } = await designedEdition('Verifier');
    const { code, state } = await authorize(demo, versionId);
    const hash = createHash('sha256').update(state).digest('hex');
    // The stored verifier is swapped for another one (still encrypted with the key): the provider refuses it.
    await t.database.db
      .updateTable('outlook_auth_states')
      .set({ code_verifier: encryptSecret(KEY, randomBytes(48).toString('base64url'), `verifier:${hash}`) })
      .where('state_hash', '=', hash)
      .execute();
    const answer = refused(await get(t.app, demo, `${P}callback/`, { code, state }));
    expect(answer.error).toBe('outlook_connection');
    expect(answer.message).toContain('code_verifier provided does not match code_challenge');
  });
});

describe('sending through Outlook', () => {
  it('refuses foreign or mismatched ids on outlook_authorized/ with 404', async () => {
    const ids = await designedEdition('Route ids');
    const answer = await post(t.app, demo, `${P}outlook_authorized/`, {
      campaign_id: ids.campaignId,
      email_id: ids.emailId + 1000,
      version_id: ids.versionId,
      outlook_route: 1,
    });
    expect(answer.statusCode).toBe(404);
    refused(
      await post(t.app, demo, `${P}outlook_authorized/`, { ...ids, outlook_route: 'maybe' } as Record<
        string,
        unknown
      > as never),
    );
  });

  it("posts each recipient's message to Graph /me/sendMail with the HTML the SMTP path sends", async () => {
    await connect(demo, (await designedEdition('Reconnect')).versionId);
    const ids = await designedEdition('Outlook send');
    const sent = ok<{ send_id: number }>(await sendThroughOutlook(ids));
    await walked(sent.send_id);
    const rows = await t.database.db
      .selectFrom('email_send')
      .selectAll()
      .where('version_id', '=', ids.versionId)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.outlook_user_id === DEMO_IDS.demoUserId)).toBe(true);
    expect((await publishData(ids.versionId)).outlook_remaining_emails).toBe(LIMIT - 3);

    const before = graph.calls.length;
    await worker.deliverDue();
    const mails = graph.calls.slice(before).filter((call) => call.path === '/v1.0/me/sendMail');
    expect(mails).toHaveLength(3);
    const { access_token } = (idp.exchanges.at(-1)?.answer.body ?? {}) as { access_token: string };
    // The same HTML the SMTP path sends: the edition's stored body filled in for each recipient.
    const bodies = new SendBodies(t.database.db, {
      trackingBaseUrl: t.config.trackingBaseUrl,
      publicOrigin: ORIGIN,
    });
    for (const row of rows) {
      const call = mails.find(
        (m) =>
          (m.body as { message: { toRecipients: { emailAddress: { address: string } }[] } }).message
            .toRecipients[0]?.emailAddress.address === row.to_address,
      );
      expect(call?.token).toBe(access_token);
      const body = call?.body as {
        message: {
          subject: string;
          body: { contentType: string; content: string };
          internetMessageHeaders?: unknown;
        };
        saveToSentItems: boolean;
      };
      expect(body.message.subject).toBe(row.subject);
      expect(body.message.body).toEqual({
        contentType: 'HTML',
        content: (await bodies.contentOf(row)).html,
      });
      // The preference link and the open pixel are in the body; Graph takes no List-Unsubscribe header.
      expect(body.message.body.content).toContain(row.preference_uuid as string);
      expect(body.message.body.content).toContain(row.token);
      expect(body.message.internetMessageHeaders).toBeUndefined();
      expect(body.saveToSentItems).toBe(false);
    }
    const settled = await t.database.db
      .selectFrom('email_send')
      .select(['status', 'via'])
      .where('version_id', '=', ids.versionId)
      .execute();
    expect(settled.every((row) => row.status === 'delivered' && row.via === 'outlook')).toBe(true);
    expect((await publishData(ids.versionId)).outlook_remaining_emails).toBe(LIMIT - 3);
  });

  it('refuses a send larger than the remaining emails with 400 naming both numbers', async () => {
    const ids = await designedEdition('Over the limit');
    const answer = refused(await sendThroughOutlook(ids));
    expect(answer.error).toBe('outlook_limit');
    expect(answer.message).toContain('3 recipients');
    expect(answer.message).toContain(`${LIMIT - 3} more emails`);
    expect(
      await t.database.db
        .selectFrom('edition_sends')
        .select('id')
        .where('version_id', '=', ids.versionId)
        .execute(),
    ).toEqual([]);
  });

  it('refreshes an expired access token (refresh_token grant) before calling Graph', async () => {
    const { versionId } = await designedEdition('Expired');
    await t.database.db
      .updateTable('outlook_connections')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', DEMO_IDS.demoUserId)
      .execute();
    const before = idp.exchanges.length;
    expect(await publishData(versionId, true)).toMatchObject({ is_authorized: true, connectionError: false });
    const refresh = idp.exchanges[before];
    expect(refresh?.body.grant_type).toBe('refresh_token');
    expect(graph.calls.at(-1)?.token).toBe(refresh?.answer.body.access_token);
    expect((await connection()).expires_at.getTime()).toBeGreaterThan(Date.now());
  });

  it('refreshes once on a 401 from Graph, then marks the connection broken when the refresh is refused', async () => {
    const { versionId } = await designedEdition('Broken');
    const whileBroken = await designedEdition('While broken');
    await routeThroughOutlook(whileBroken);
    graph.control.rejectNext = 1;
    const before = idp.exchanges.length;
    expect(await publishData(versionId, true)).toMatchObject({ is_authorized: true });
    expect(idp.exchanges.slice(before).map((e) => e.body.grant_type)).toEqual(['refresh_token']);
    const meCalls = graph.calls.slice(-2);
    expect(meCalls.map((call) => call.path)).toEqual(['/v1.0/me', '/v1.0/me']);
    expect(meCalls[1]?.token).toBe(idp.exchanges.at(-1)?.answer.body.access_token);

    // Now the refresh token is refused too: the connection is broken and says so.
    graph.control.rejectNext = 1;
    idp.control.refuseRefresh = true;
    try {
      const data = await publishData(versionId, true);
      expect(data).toMatchObject({ is_authorized: false, connectionError: true });
      expect(data.outlook_connection_error).toContain('connect Outlook again');
      expect((await connection()).error).toContain('invalid_grant');
      // A send through Outlook is refused until the mailbox is connected again.
      const answer = refused(await publishNow(whileBroken));
      expect(answer).toMatchObject({ error: 'outlook_not_connected' });
      expect(answer.message).toContain('connect Outlook again');
      // ...and the edition cannot be switched to it either.
      const route = refused(
        await post(t.app, demo, `${P}outlook_authorized/`, {
          campaign_id: whileBroken.campaignId,
          email_id: whileBroken.emailId,
          version_id: whileBroken.versionId,
          outlook_route: 1,
        }),
      );
      expect(route.error).toBe('outlook_not_connected');
    } finally {
      idp.control.refuseRefresh = false;
    }
    await connect(demo, versionId);
    expect(await publishData(versionId)).toMatchObject({ is_authorized: true, connectionError: false });
  });

  it('holds the queued messages of a broken connection for a later attempt', async () => {
    const ids = await designedEdition('Held');
    await t.database.db.deleteFrom('email_send').where('outlook_user_id', '=', DEMO_IDS.demoUserId).execute();
    const sent = ok<{ send_id: number }>(await sendThroughOutlook(ids));
    await walked(sent.send_id);
    await t.database.db
      .updateTable('outlook_connections')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', DEMO_IDS.demoUserId)
      .execute();
    idp.control.refuseRefresh = true;
    try {
      await worker.deliverDue();
    } finally {
      idp.control.refuseRefresh = false;
    }
    const rows = await t.database.db
      .selectFrom('email_send')
      .select(['status', 'last_error'])
      .where('version_id', '=', ids.versionId)
      .execute();
    expect(rows).toHaveLength(3);
    expect(
      rows.every((row) => row.status === 'queued' && row.last_error?.includes('connect Outlook again')),
    ).toBe(true);
    expect((await connection()).status).toBe('error');
  });
});
