import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { loadConfig } from '../../../server/config.ts';
import { type DatabaseOptions, openDatabase } from '../../../server/db/openDatabase.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { pgliteFolderFromTemplate } from '../../helpers/pgliteFolderFromTemplate.ts';
import { postgresTemplate } from '../../helpers/postgresTemplate.ts';
import {
  cleanedUpAfterAll,
  type OverHttpSession,
  postOver,
  signInOver,
  startServerProcess,
} from '../../helpers/serverProcess.ts';
import { signIn } from '../../helpers/testApp.ts';
import { throwAwayDatabase } from '../../helpers/throwAwayDatabase.ts';
import { post } from '../workflowTestKit.ts';
import { everyKindDesign } from './designFixtures.ts';

/**
 * An edition sent to 10,000 recipients through a local SMTP server (smtp-server), with the server process
 * killed (SIGKILL) a quarter of the way through and started again on the same database. Every recipient
 * gets their email, with the List-Unsubscribe headers, and the database holds exactly one send per
 * recipient, delivered. A message the SMTP server accepted just before the kill, while its row was not yet
 * marked sent, goes again after the restart with the same Message-ID (a receiving server can tell it is
 * the same email): so "exactly once" is counted by Message-ID, and the repeats are at most what was in
 * flight at the kill.
 */

/**
 * Enough that the kill (at a quarter) lands mid-walk, with batches claimed and in flight; bench:send sends
 * 100,000 the same way for the figures. (10,000 here took 106 s on PostgreSQL in CI, the suite's slowest file.)
 */
const RECIPIENTS = 4_000;
const { children, folders } = cleanedUpAfterAll();

/** The SMTP server: per recipient, the Message-IDs received; how many messages lacked the headers. */
async function startSmtp() {
  const byRecipient = new Map<string, string[]>();
  let messages = 0;
  let withoutHeaders = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (!head.includes('\r\n\r\n')) head += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const headers = head.split('\r\n\r\n')[0] ?? '';
        const messageId = /^Message-ID:\s*(\S+)/im.exec(headers)?.[1] ?? '(none)';
        if (
          !/^List-Unsubscribe:\s*</im.test(headers) ||
          !/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im.test(headers)
        ) {
          withoutHeaders += 1;
        }
        messages += 1;
        for (const rcpt of session.envelope.rcptTo) {
          const ids = byRecipient.get(rcpt.address) ?? [];
          ids.push(messageId);
          byRecipient.set(rcpt.address, ids);
        }
        callback();
      });
    },
  });
  // The killed sender's connections are reset mid-message: expected here, and not a delivery.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    byRecipient,
    stats: () => ({ messages, withoutHeaders }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The database: a PGlite folder, or a throw-away PostgreSQL database, both copied from the seeded template. */
async function prepareStore(): Promise<{
  options: DatabaseOptions;
  env: Record<string, string>;
  drop: () => Promise<void>;
}> {
  const throwAway = await throwAwayDatabase('wb_send_kill', undefined, postgresTemplate());
  if (throwAway) {
    return {
      options: { databaseUrl: throwAway.url, dataDir: 'memory://' },
      env: { DATABASE_URL: throwAway.url },
      drop: throwAway.drop,
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-send-kill-'));
  folders.push(dataDir);
  await pgliteFolderFromTemplate(dataDir);
  return { options: { dataDir }, env: { DATA_DIR: dataDir, DATABASE_URL: '' }, drop: async () => {} };
}

/** The edition (designed through the API, in this process) and a list of RECIPIENTS new contacts. */
async function prepareSend(options: DatabaseOptions): Promise<{ versionId: number; listId: number }> {
  const database = await openDatabase(options);
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: options.databaseUrl ?? '' } as NodeJS.ProcessEnv),
    database,
    logger: false,
    feedFetcher: false,
  });
  try {
    const session = await signIn(app);
    const ok = async (url: string, body: Record<string, string | number>) => {
      const response = await post(app, session, url, body);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    const campaign = await ok('/api/campaign/create_campaign/', { campaign_name: 'Killed midway' });
    const email = await ok('/api/campaign/create_email/', {
      email_name: 'Killed midway email',
      campaign_id: campaign.campaign_id,
      email_type: 1,
    });
    const versionId = email.editions[0].version_id as number;
    await ok('/api/publish/design/save/', {
      version_id: versionId,
      version_name: 'Killed midway edition',
      design: JSON.stringify(everyKindDesign()),
    });
    const db = database.db;
    const list = await db
      .insertInto('contact_lists')
      .values({
        org_id: DEMO_IDS.mainOrgId,
        user_id: DEMO_IDS.demoUserId,
        name: 'Killed midway',
        is_active: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let from = 0; from < RECIPIENTS; from += 2000) {
      const contacts = await db
        .insertInto('contacts')
        .values(
          Array.from({ length: Math.min(2000, RECIPIENTS - from) }, (_, i) => ({
            org_id: DEMO_IDS.mainOrgId,
            first_name: 'Reader',
            last_name: `N${from + i}`,
            email: `reader-${from + i}@killed.test`,
            personality: 'Steady',
            buyer_stage: 'Awareness',
            status: 'Subscribed' as const,
            engagement_score: 0,
          })),
        )
        .returning('id')
        .execute();
      await db
        .insertInto('list_contacts')
        .values(contacts.map((contact) => ({ list_id: list.id, contact_id: contact.id })))
        .execute();
    }
    return { versionId, listId: list.id };
  } finally {
    await app.close();
    await database.close();
  }
}

/** The server itself (no launcher: SIGKILL reaches the process that sends), delivering to `smtpUrl`. */
function startServer(env: Record<string, string>, smtpUrl: string) {
  return startServerProcess(
    {
      ...env,
      SMTP_URL: smtpUrl,
      DELIVERY_POLL_MS: '200',
      // A send claimed by the killed process is taken up again this long after its claim.
      DELIVERY_LEASE_MS: '3000',
    },
    children,
  );
}

async function call(origin: string, session: OverHttpSession, route: string, body: object) {
  await postOver(origin, session, route, body);
}

it(`sends to ${RECIPIENTS.toLocaleString('en')} recipients exactly once though the server is killed mid-send`, async () => {
  const store = await prepareStore();
  const smtp = await startSmtp();
  try {
    const { versionId, listId } = await prepareSend(store.options);

    const first = await startServer(store.env, smtp.url);
    const session = await signInOver(first.origin);
    await call(first.origin, session, '/api/publish/publish_configurations/', {
      version_id: versionId,
      list_ids: [listId],
    });
    await call(first.origin, session, '/api/publish/publish_email/', {
      version_id: versionId,
      confirm_warnings: 1,
    });
    await expect
      .poll(() => smtp.stats().messages, { timeout: 120_000, interval: 50 })
      .toBeGreaterThanOrEqual(RECIPIENTS / 4);
    first.child.kill('SIGKILL');
    await first.exited;
    const atKill = smtp.stats().messages;
    expect(atKill).toBeLessThan(RECIPIENTS);

    const second = await startServer(store.env, smtp.url);
    await expect.poll(() => smtp.byRecipient.size, { timeout: 240_000, interval: 200 }).toBe(RECIPIENTS);
    second.child.kill('SIGTERM');
    await second.exited;

    // Every recipient, and only them; each got one email (one Message-ID), with the headers.
    const addresses = [...smtp.byRecipient.keys()];
    expect(addresses.every((address) => /^reader-\d+@killed\.test$/.test(address))).toBe(true);
    const oneEmailEach = [...smtp.byRecipient.values()].filter((ids) => new Set(ids).size === 1);
    expect(oneEmailEach).toHaveLength(RECIPIENTS);
    expect(smtp.stats().withoutHeaders).toBe(0);
    // The repeats are the few in flight at the kill, not a second walk of the list.
    const repeats = smtp.stats().messages - RECIPIENTS;
    expect(repeats).toBeGreaterThanOrEqual(0);
    expect(repeats).toBeLessThan(500);

    // The database: one send per recipient, each delivered, and the send finished.
    const database = await openDatabase(store.options);
    try {
      const sends = await database.db
        .selectFrom('email_send')
        .select(['contact_id', 'status'])
        .where('version_id', '=', versionId)
        .where('is_test', '=', false)
        .execute();
      expect(sends).toHaveLength(RECIPIENTS);
      expect(new Set(sends.map((send) => send.contact_id)).size).toBe(RECIPIENTS);
      expect(sends.filter((send) => send.status !== 'delivered')).toEqual([]);
      const walk = await database.db
        .selectFrom('edition_sends')
        .select('status')
        .where('version_id', '=', versionId)
        .where('kind', '=', 'send')
        .executeTakeFirstOrThrow();
      expect(walk.status).toBe('sent');
    } finally {
      await database.close();
    }
  } finally {
    await smtp.close();
    await store.drop();
  }
}, 420_000);
