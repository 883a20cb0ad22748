import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/openDatabase.ts';
import { prepareDatabase } from '../../../server/db/prepareDatabase.ts';
import { enqueueEmail } from '../../../server/lib/outbox.ts';
import { startOutboxDelivery } from '../../../server/services/delivery/startOutboxDelivery.ts';
import { throwAwayDatabase } from '../../helpers/throwAwayDatabase.ts';

/** The outbox is a leased delivery queue: a killed sender strands nothing, two senders never send twice. */

type Smtp = {
  url: string;
  completed: string[];
  started: () => number;
  stall: (on: boolean) => void;
  close: () => Promise<void>;
};

/** A local SMTP server; while stalled it takes a message's data and never answers it. */
async function smtpServer(): Promise<Smtp> {
  const completed: string[] = [];
  let started = 0;
  let stalled = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      started += 1;
      const hold = stalled;
      stream.on('data', () => {});
      stream.on('end', () => {
        if (hold) return; // mid-send for ever: the sender waits on our answer
        completed.push(session.envelope.rcptTo.map((r) => r.address).join(','));
        callback();
      });
    },
  });
  // A sender killed mid-message resets its connection: expected here.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    completed,
    started: () => started,
    stall: (on) => {
      stalled = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const email = (to: string) => ({ orgId: null, kind: 'password_reset', to, subject: 'Reset', text: 'Hello' });
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'a sender killed mid-send leaves its email due again when the lease runs out: delivered once, not stranded',
  async () => {
    const smtp = await smtpServer();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-outbox-kill-'));
    try {
      const first = await prepareDatabase({ dataDir, seed: false });
      await enqueueEmail(first.database.db, email('kill@example.test'), true);
      await first.database.close();

      smtp.stall(true);
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'tests/server/outbox/outboxWorkerProcess.ts', dataDir, smtp.url],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      children.push(child);
      let exitCode: number | null | undefined;
      const exited = new Promise((resolve) =>
        child.on('exit', (code) => {
          exitCode = code;
          resolve(code);
        }),
      );
      // Opening the folder takes a while on a busy machine; a sender that died instead fails at once.
      await expect
        .poll(() => (exitCode === undefined ? smtp.started() : `sender exited with ${exitCode}`), {
          timeout: 150_000,
        })
        .toBe(1);
      child.kill('SIGKILL');
      await exited;

      // The row was claimed and is held by a dead process: no one but the lease frees it.
      const { database } = await prepareDatabase({ dataDir, seed: false });
      try {
        const stuck = await database.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
        // Claimed once (or, on a machine so busy that the SMTP wait ran out before the kill, claimed again by
        // the same dying process): held by a dead process either way.
        expect(stuck.status).toBe('sending');
        expect(stuck.attempts).toBeGreaterThanOrEqual(1);
        smtp.stall(false);
        const delivery = startOutboxDelivery({
          db: database.db,
          smtpUrl: smtp.url,
          from: 'Workbench <no-reply@example.com>',
          log: { warn: () => {}, error: () => {} },
          pollMs: 100,
          leaseMs: 1500,
        });
        try {
          await expect
            .poll(
              async () =>
                (await database.db.selectFrom('outbox').select('status').executeTakeFirst())?.status,
              {
                timeout: 20_000,
              },
            )
            .toBe('sent');
        } finally {
          await delivery.stop();
        }
        const row = await database.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
        expect(row).toMatchObject({ status: 'sent', attempts: stuck.attempts + 1, lease_until: null });
        expect(smtp.completed).toEqual(['kill@example.test']);
      } finally {
        await database.close();
      }
    } finally {
      await smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
  240_000,
);

it.skipIf(!process.env.TEST_DATABASE_URL)(
  'two senders on one PostgreSQL database deliver each of 200 emails exactly once',
  async () => {
    const smtp = await smtpServer();
    const throwAway = await throwAwayDatabase('wb_outbox2');
    if (!throwAway) throw new Error('unreachable');
    const { database } = await prepareDatabase({
      databaseUrl: throwAway.url,
      dataDir: 'memory://',
      seed: false,
    });
    const other = await openDatabase({ databaseUrl: throwAway.url, dataDir: 'memory://' });
    const senders: ReturnType<typeof startOutboxDelivery>[] = [];
    try {
      const addresses = Array.from({ length: 200 }, (_, i) => `two-${i}@example.test`);
      for (const address of addresses) await enqueueEmail(database.db, email(address), true);
      for (const db of [database.db, other.db]) {
        senders.push(
          startOutboxDelivery({
            db,
            smtpUrl: smtp.url,
            from: 'Workbench <no-reply@example.com>',
            log: { warn: () => {}, error: () => {} },
            pollMs: 50,
            batchSize: 5,
          }),
        );
      }
      await Promise.all(senders.map((sender) => sender.deliverDue()));
      await expect
        .poll(
          async () =>
            (
              await database.db
                .selectFrom('outbox')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where('status', '=', 'sent')
                .executeTakeFirstOrThrow()
            ).n,
          { timeout: 60_000 },
        )
        .toBe(200);
      expect([...smtp.completed].sort()).toEqual([...addresses].sort());
    } finally {
      for (const sender of senders) await sender.stop();
      await other.close();
      await database.close();
      await throwAway.drop();
      await smtp.close();
    }
  },
  120_000,
);
