/**
 * `npm run bench:send`: an edition sent to a list of BENCH_SEND_RECIPIENTS (default 100,000) contacts and
 * delivered to a local SMTP server (smtp-server, in this process), from the click on Send (POST
 * publish_email/) to the last message accepted by the SMTP server; every recipient must get exactly one
 * message (counted by RCPT TO), each with the List-Unsubscribe headers.
 *
 * An absolute rate does not carry between machines, so the same run measures a bare nodemailer pool (an SMTP
 * client other than the product's, kept as a devDependency for this yardstick alone) pushing the same number of pre-rendered messages into the same SMTP server (the ceiling): the first message the
 * product sent, byte for byte, as a raw message to a new recipient each time: `send.shareOfBareSmtp`.
 * Targets: >= 300 emails/s on PGlite (the default here), >= 1,000 emails/s on PostgreSQL (BENCH_DATABASE_URL),
 * shareOfBareSmtp >= 0.5 on PostgreSQL. Also what one recipient's email costs to make from the stored body
 * (merge fields, token and preference link filled in, MIME composed): `renderPerEmailMs`.
 *
 * The data: the real server is started once on an empty folder (seeded demo data), a campaign, an email and
 * its edition are made and designed through the API; then the server stops, the contacts and the list are
 * written straight into the database, and the server starts again with SMTP_URL pointing here.
 * Prints figures and, last, one JSON object. Exit 0 when it ran (--strict: 1 when a target was missed).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { openDatabase } from '../server/db/openDatabase.ts';
import { DEMO_LOGIN } from '../server/seed/demoAccounts.ts';
import { DEMO_IDS } from '../server/seed/demoIds.ts';
import { compileSendBody } from '../server/services/delivery/compileSendBody.ts';
import { composeMime } from '../server/services/delivery/composeMime.ts';
import { everyKindDesign } from '../tests/server/publish/designFixtures.ts';
import {
  benchEnv,
  freePort,
  round,
  runBench,
  type Server,
  signInSession,
  sleep,
  startServer,
  stopServer,
  waitForAnswer,
  withThrowAwayPostgres,
} from './benchServer.ts';

const RECIPIENTS = Number(process.env.BENCH_SEND_RECIPIENTS || 100_000);
const TIMEOUT_S = Number(process.env.BENCH_SEND_TIMEOUT_S || 900);
/** PostgreSQL: a throw-away database is made beside the one this names, and dropped after. */
const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_URL;
let DATABASE_URL: string | undefined;
const TARGET = { pglite: 300, postgres: 1000, shareOfBareSmtp: 0.5 } as const;

type Session = { cookie: string; csrf: string };

async function call(origin: string, session: Session, method: 'GET' | 'POST', route: string, body = {}) {
  const response = await fetch(`${origin}${route}`, {
    method,
    headers: {
      cookie: session.cookie,
      'x-csrftoken': session.csrf,
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    body: method === 'POST' ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${route} answered ${response.status}: ${text.slice(0, 400)}`);
  return JSON.parse(text) as { data: Record<string, unknown> };
}

/**
 * The local SMTP server: counts messages per recipient, notes whether each carried List-Unsubscribe, and
 * keeps the first message whole (the ceiling run pushes copies of it).
 */
function startSmtp() {
  const perRecipient = new Map<string, number>();
  let sample: Buffer | null = null;
  let messages = 0;
  let withHeaders = 0;
  let last = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      let head = '';
      const chunks: Buffer[] | null = sample ? null : [];
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 8192) head += chunk.toString('utf8');
        chunks?.push(chunk);
      });
      stream.on('end', () => {
        if (chunks && !sample) sample = Buffer.concat(chunks);
        messages += 1;
        if (/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im.test(head)) withHeaders += 1;
        for (const rcpt of session.envelope.rcptTo) {
          perRecipient.set(rcpt.address, (perRecipient.get(rcpt.address) ?? 0) + 1);
        }
        last = performance.now();
        callback();
      });
    },
  });
  return {
    server,
    stats: () => ({ messages, withHeaders, perRecipient, last }),
    sample: () => sample,
    reset: () => {
      perRecipient.clear();
      messages = 0;
      withHeaders = 0;
    },
  };
}

async function main(): Promise<number> {
  const strict = process.argv.includes('--strict');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-bench-send-'));
  const smtp = startSmtp();
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.server.listen(smtpPort, '127.0.0.1', resolve));
  let server: Server | null = null;
  try {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
      ...benchEnv(port, dataDir, { LOG_LEVEL: 'warn', AUTH_RATE_LIMIT: '100000', ...extra }),
      ...(DATABASE_URL ? { DATABASE_URL } : {}),
    });

    // 1. Seed, then make and design the edition through the API.
    server = startServer(env(), path.join(dataDir, 'server-1.log'));
    await waitForAnswer(server, `${origin}/`, 240_000);
    let session = await signInSession(origin, DEMO_LOGIN);
    const campaign = await call(origin, session, 'POST', '/api/campaign/create_campaign/', {
      campaign_name: `Send bench ${Date.now()}`,
    });
    const email = await call(origin, session, 'POST', '/api/campaign/create_email/', {
      email_name: 'Send bench email',
      email_type: 1,
      campaign_id: campaign.data.campaign_id,
    });
    const versionId = (email.data.editions as { version_id: number }[])[0]?.version_id as number;
    await call(origin, session, 'POST', '/api/publish/design/save/', {
      version_id: versionId,
      version_name: 'Bench edition',
      design: JSON.stringify(everyKindDesign()),
    });
    await stopServer(server);
    server = null;

    // 2. The audience, straight into the database.
    const database = await openDatabase({ dataDir, databaseUrl: DATABASE_URL });
    const started = performance.now();
    const list = await database.db
      .insertInto('contact_lists')
      .values({
        org_id: DEMO_IDS.mainOrgId,
        user_id: DEMO_IDS.demoUserId,
        name: `Bench list ${Date.now()}`,
        is_active: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tag = Date.now().toString(36);
    await sql`
      insert into contacts (org_id, first_name, last_name, email, personality, buyer_stage, status, engagement_score)
      select ${DEMO_IDS.mainOrgId}, 'Reader', 'N' || g, 'reader-' || g || '-' || ${tag} || '@bench.test',
             'Steady', 'Awareness', 'Subscribed', 0
      from generate_series(1, ${RECIPIENTS}) g`.execute(database.db);
    await sql`
      insert into list_contacts (list_id, contact_id)
      select ${list.id}, id from contacts where email like ${`%-${tag}@bench.test`}`.execute(database.db);
    await sql`analyze contacts; analyze list_contacts`.execute(database.db).catch(() => {});
    await database.close();
    console.log(
      `bench:send: ${RECIPIENTS} contacts written in ${round((performance.now() - started) / 1000)} s`,
    );

    // 3. The server again, delivering to the local SMTP server; the click on Send.
    server = startServer(
      env({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, DELIVERY_POLL_MS: '1000' }),
      path.join(dataDir, 'server-2.log'),
    );
    await waitForAnswer(server, `${origin}/`, 240_000);
    session = await signInSession(origin, DEMO_LOGIN);
    await call(origin, session, 'POST', '/api/publish/publish_configurations/', {
      version_id: versionId,
      list_ids: [list.id],
    });
    smtp.reset();
    const clicked = performance.now();
    await call(origin, session, 'POST', '/api/publish/publish_email/', {
      version_id: versionId,
      confirm_warnings: 1,
    });
    const deadline = clicked + TIMEOUT_S * 1000;
    let lastCount = -1;
    while (smtp.stats().messages < RECIPIENTS && performance.now() < deadline) {
      await sleep(500);
      const count = smtp.stats().messages;
      if (count !== lastCount && Math.floor(count / 10_000) !== Math.floor(lastCount / 10_000)) {
        console.log(`bench:send: ${count} accepted after ${round((performance.now() - clicked) / 1000)} s`);
      }
      lastCount = count;
    }
    const sent = smtp.stats();
    const seconds = (sent.last - clicked) / 1000;
    const emailsPerSec = round(sent.messages / seconds);
    const twice = [...sent.perRecipient.values()].filter((n) => n > 1).length;
    const distinctRecipients = sent.perRecipient.size;
    await stopServer(server);
    server = null;

    // 4. The ceiling: a bare nodemailer pool pushing pre-rendered messages into the same SMTP server: the
    // first message the product sent, byte for byte (same size, same encoding), as a raw message.
    const message = smtp.sample();
    if (!message) throw new Error('The SMTP server received no message to measure the ceiling with.');
    smtp.reset();
    const pool = nodemailer.createTransport({
      host: '127.0.0.1',
      port: smtpPort,
      secure: false,
      pool: true,
      maxConnections: 8,
    });
    const bareStarted = performance.now();
    const inFlight = new Set<Promise<unknown>>();
    for (let i = 0; i < RECIPIENTS; i++) {
      const p = pool
        .sendMail({ envelope: { from: 'bench@bench.test', to: [`bare-${i}@bench.test`] }, raw: message })
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
      if (inFlight.size >= 50) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
    const bareSeconds = (performance.now() - bareStarted) / 1000;
    pool.close();
    const bareEmailsPerSec = round(RECIPIENTS / bareSeconds);

    // 5. What one recipient's email costs to make from the stored body: the body is prepared and compiled
    // once per edition; each email is its HTML and text filled in and the MIME message composed.
    const database3 = await openDatabase({ dataDir, databaseUrl: DATABASE_URL });
    const stored = await database3.db
      .selectFrom('email_bodies')
      .select(['html'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
      .finally(() => database3.close());
    const compiled = compileSendBody(stored.html, { trackingBaseUrl: origin, publicOrigin: origin });
    const renderRuns = 2000;
    const renderStarted = performance.now();
    for (let i = 0; i < renderRuns; i++) {
      const slots = {
        token: `t${i}`.padEnd(22, 'x'),
        preferenceUuid: '00000000-0000-4000-8000-000000000000',
        merge: { first_name: `F${i}`, last_name: 'L', email: `r${i}@bench.test` },
      };
      composeMime({
        from: { name: 'Bench', address: 'bench@bench.test' },
        to: `r${i}@bench.test`,
        subject: 'Bench',
        messageId: `<${i}@bench.test>`,
        date: new Date(),
        headers: {},
        html: compiled.html(slots),
        text: compiled.text(slots),
      });
    }
    const renderMs = round((performance.now() - renderStarted) / renderRuns, 3);

    const database2 = DATABASE_URL ? 'postgres' : 'pglite';
    const target = DATABASE_URL ? TARGET.postgres : TARGET.pglite;
    const shareOfBareSmtp = round(emailsPerSec / bareEmailsPerSec, 3);
    const exactlyOnce = sent.messages === RECIPIENTS && distinctRecipients === RECIPIENTS && twice === 0;
    const pass =
      exactlyOnce &&
      sent.withHeaders === sent.messages &&
      emailsPerSec >= target &&
      (!DATABASE_URL || shareOfBareSmtp >= TARGET.shareOfBareSmtp);
    const result = {
      bench: 'send',
      database: database2,
      recipients: RECIPIENTS,
      load: os.loadavg().map((n) => round(n, 2)),
      cores: os.cpus().length,
      send: {
        accepted: sent.messages,
        distinctRecipients,
        receivedTwice: twice,
        withListUnsubscribe: sent.withHeaders,
        seconds: round(seconds),
        emailsPerSec,
        bareSmtpEmailsPerSec: bareEmailsPerSec,
        shareOfBareSmtp,
        renderPerEmailMs: renderMs,
        messageBytes: message.length,
      },
      target: { emailsPerSec: target, shareOfBareSmtp: DATABASE_URL ? TARGET.shareOfBareSmtp : null },
      pass,
    };
    console.log(JSON.stringify(result));
    return strict && !pass ? 1 : 0;
  } finally {
    if (server) await stopServer(server).catch(() => {});
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench('bench:send', () =>
  ADMIN_DATABASE_URL
    ? withThrowAwayPostgres(ADMIN_DATABASE_URL, 'bench_send', (url) => {
        DATABASE_URL = url;
        return main();
      })
    : main(),
);
