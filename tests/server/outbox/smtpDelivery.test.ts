import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, form, type TestApp } from '../../helpers/testApp.ts';

type Received = { from: string; to: string[]; data: string };
const received: Received[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    SMTP_FROM: 'Workbench <no-reply@example.com>',
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

it('delivers outbox email over SMTP and marks it sent', async () => {
  const response = await form(t.app, 'POST', '/api/auth/forgot_password/', { email: 'demo@workbench.test' });
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
      {
        timeout: 10_000,
      },
    )
    .toBe('sent');
  expect(received).toHaveLength(1);
  expect(received[0]?.to).toEqual(['demo@workbench.test']);
  expect(received[0]?.from).toBe('no-reply@example.com');
  expect(received[0]?.data).toContain('Subject: Reset your password');
  // The recipient gets the working link; the outbox never shows it, and drops the full text once sent.
  const key = /resetPassword\/([A-Za-z0-9_-]{40,})/.exec(received[0]?.data ?? '')?.[1] ?? '';
  expect(key).not.toBe('');
  const row = await t.database.db
    .selectFrom('outbox')
    .selectAll()
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({ status: 'sent', private_text_body: null, private_html_body: null });
  expect(row.text_body).toContain('/resetPassword/[redacted]');
  expect(JSON.stringify(row)).not.toContain(key);
});
