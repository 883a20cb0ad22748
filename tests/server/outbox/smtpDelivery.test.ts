import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/openDatabase.ts';
import { startOutboxDelivery } from '../../../server/services/delivery/startOutboxDelivery.ts';
import { createTestApp, form, type TestApp } from '../../helpers/testApp.ts';
import { decodeBody, headerOf } from '../delivery/deliveryTestKit.ts';

/**
 * Account email (the outbox) goes through the product's one SMTP client and MIME composer, like marketing
 * email: over a plain connection, and over STARTTLS with AUTH PLAIN or LOGIN as SMTP_URL asks, composed
 * with encoded words for a non-ASCII sender name, a Message-ID, a Date and text and HTML parts.
 */
type Received = { from: string; to: string[]; data: string; secure: boolean; user: string | undefined };

async function smtpServer(options: Partial<SMTPServerOptions>) {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'p@ss:word')
        return callback(null, { user: 'mailer' });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
          secure: session.secure,
          user: session.user as string | undefined,
        });
        callback();
      });
    },
    ...options,
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return { smtp, port, received };
}

type Case = {
  name: string;
  server: Partial<SMTPServerOptions>;
  url: (port: number) => string;
  from: string;
  expect: { secure: boolean; user: string | undefined; fromHeader: string };
};

const CASES: Case[] = [
  {
    name: 'over a plain connection',
    server: { authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'] },
    url: (port: number) => `smtp://127.0.0.1:${port}`,
    from: 'Workbench <no-reply@example.com>',
    expect: { secure: false, user: undefined, fromHeader: 'Workbench <no-reply@example.com>' },
  },
  {
    name: 'over STARTTLS, signed in with AUTH PLAIN',
    server: { authOptional: false },
    url: (port: number) =>
      `smtp://mailer:${encodeURIComponent('p@ss:word')}@127.0.0.1:${port}/?tls.rejectUnauthorized=false&requireTLS=true`,
    from: 'Zoë at Workbench <no-reply@example.com>',
    expect: {
      secure: true,
      user: 'mailer',
      fromHeader: `=?UTF-8?B?${Buffer.from('Zoë at Workbench').toString('base64')}?= <no-reply@example.com>`,
    },
  },
  {
    name: 'signed in with AUTH LOGIN when the server offers only that',
    server: { authOptional: false, disabledCommands: ['STARTTLS'], authMethods: ['LOGIN'] },
    url: (port: number) => `smtp://mailer:${encodeURIComponent('p@ss:word')}@127.0.0.1:${port}`,
    from: '"Workbench, Accounts" <no-reply@example.com>',
    expect: { secure: false, user: 'mailer', fromHeader: '"Workbench, Accounts" <no-reply@example.com>' },
  },
];

describe.each(CASES)('outbox email $name', (testCase) => {
  let server: Awaited<ReturnType<typeof smtpServer>>;
  let t: TestApp;

  beforeAll(async () => {
    server = await smtpServer(testCase.server);
    t = await createTestApp({ SMTP_URL: testCase.url(server.port), SMTP_FROM: testCase.from });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => server?.smtp.close(() => resolve()));
  });

  it('is delivered, composed like every email the product sends, and marked sent', async () => {
    const response = await form(t.app, 'POST', '/api/auth/forgot_password/', {
      email: 'demo@workbench.test',
    });
    expect(response.statusCode).toBe(200);
    await expect
      .poll(
        async () =>
          (
            await t.database.db
              .selectFrom('outbox')
              .select(['status', 'attempts'])
              .orderBy('id', 'desc')
              .executeTakeFirst()
          )?.status,
        { timeout: 10_000 },
      )
      .toBe('sent');
    const { received } = server;
    expect(received).toHaveLength(1);
    const mail = received[0] as Received;
    expect(mail).toMatchObject({
      to: ['demo@workbench.test'],
      from: 'no-reply@example.com',
      secure: testCase.expect.secure,
      user: testCase.expect.user,
    });
    expect(headerOf(mail.data, 'From')).toBe(testCase.expect.fromHeader);
    expect(headerOf(mail.data, 'To')).toBe('<demo@workbench.test>');
    expect(headerOf(mail.data, 'Subject')).toBe('Reset your password');
    expect(headerOf(mail.data, 'Message-ID')).toMatch(/^<[0-9a-f]{24}@example\.com>$/);
    expect(Date.parse(headerOf(mail.data, 'Date') ?? '')).not.toBeNaN();
    expect(headerOf(mail.data, 'Content-Type')).toMatch(/^multipart\/alternative; boundary=/);
    // The recipient gets the working link in both parts; the outbox never shows it, and drops the full
    // text once sent.
    const body = decodeBody(mail.data);
    const keys = [...body.matchAll(/resetPassword\/([A-Za-z0-9_-]{40,})/g)].map((match) => match[1]);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(1);
    const key = keys[0] as string;
    const row = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', private_text_body: null, private_html_body: null });
    expect(row.text_body).toContain('/resetPassword/[redacted]');
    expect(JSON.stringify(row)).not.toContain(key);
  });
});

describe('outbox delivery settings', () => {
  it('refuses to start on an SMTP_URL or SMTP_FROM it would misread, naming what is wrong', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const start = (smtpUrl: string, from: string) => () =>
        startOutboxDelivery({ db: database.db, smtpUrl, from, log: { warn: () => {}, error: () => {} } });
      expect(start('smtp://127.0.0.1:2525/?pool=true', 'a@b.test')).toThrow(/unknown option "pool"/);
      expect(start('smtp://127.0.0.1:2525', 'Workbench')).toThrow(/Name <address@example.com>/);
    } finally {
      await database.close();
    }
  });
});
