import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db/openDatabase.ts';
import { openDatabase } from '../../../server/db/openDatabase.ts';
import { prepareDatabase } from '../../../server/db/prepareDatabase.ts';
import { enrolContacts } from '../../../server/services/runtime/enrolContacts.ts';
import { throwAwayDatabase } from '../../helpers/throwAwayDatabase.ts';
import { insertWorkflow, ORG, pauseSeededWorkflows } from './runtimeDb.ts';
import { buildFlow, eventually } from './runtimeKit.ts';

/**
 * A runtime process killed with SIGKILL in the middle of a run, then restarted: every enrolment ends
 * with exactly one send per send node. On PostgreSQL the restart is two `npm run worker` processes at
 * once sharing the queue. The flow: send, short delay, send, short delay, send, end.
 */

const CONTACTS = 150;
const SEND_NODES = ['0', '2', '4'];
const children: ChildProcess[] = [];
const root = path.resolve(import.meta.dirname, '../../..');

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

async function prepareRun(database: DatabaseHandle): Promise<{ workflowId: number }> {
  await pauseSeededWorkflows(database);
  const rows = Array.from({ length: CONTACTS }, (_, i) => ({
    org_id: ORG,
    first_name: 'Crash',
    last_name: `Test ${i}`,
    email: `crash-${i}@example.test`,
    personality: 'Others',
    buyer_stage: 'Awareness',
    status: 'Subscribed' as const,
    engagement_score: 0,
  }));
  const contacts = await database.db.insertInto('contacts').values(rows).returning('id').execute();
  const flow = buildFlow([
    { type: 'send email', emailId: 1 },
    { type: 'delay', duration: { value: 0.01, unit: 'minutes' } },
    { type: 'send email', emailId: 2 },
    { type: 'delay', duration: { value: 0.01, unit: 'minutes' } },
    { type: 'send email', emailId: 5 },
    { type: 'end' },
  ]);
  const workflowId = await insertWorkflow(database, { triggerId: 14, listId: 1, flow });
  // Enrolled with no scheduler: the worker's sweep schedules them.
  await database.db.transaction().execute((trx) =>
    enrolContacts(trx, null, {
      workflowId,
      orgId: ORG,
      contactIds: contacts.map((c) => c.id),
      triggerId: 14,
      chain: [],
      now: new Date(),
    }),
  );
  return { workflowId };
}

async function checkExactlyOnce(database: DatabaseHandle, workflowId: number): Promise<void> {
  const enrolments = await database.db
    .selectFrom('workflow_enrolment')
    .select(['id', 'status'])
    .where('workflow_id', '=', workflowId)
    .execute();
  expect(enrolments).toHaveLength(CONTACTS);
  expect(enrolments.every((e) => e.status === 'completed')).toBe(true);
  const sends = await database.db
    .selectFrom('email_send')
    .select(['dedupe_key', 'node_id'])
    .where('workflow_id', '=', workflowId)
    .execute();
  expect(sends).toHaveLength(CONTACTS * SEND_NODES.length);
  const keys = new Set(sends.map((s) => s.dedupe_key));
  expect(keys.size).toBe(sends.length);
  for (const e of enrolments)
    for (const node of SEND_NODES) expect(keys.has(`wf:${e.id}:${node}`)).toBe(true);
  // The history agrees: one "sent" per enrolment and send node.
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from (
      select enrolment_id, node_id from workflow_step_history
      where workflow_id = ${workflowId} and outcome = 'sent'
      group by enrolment_id, node_id having count(*) <> 1) d`.execute(database.db);
  expect(rows[0]?.n).toBe(0);
  const sent = await database.db
    .selectFrom('workflow_step_history')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workflow_id', '=', workflowId)
    .where('outcome', '=', 'sent')
    .executeTakeFirstOrThrow();
  expect(Number(sent.n)).toBe(CONTACTS * SEND_NODES.length);
}

function start(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
  it('SIGKILL mid-run, then two workers at once: exactly one send per send node', async () => {
    const throwAway = await throwAwayDatabase();
    if (!throwAway) throw new Error('no database');
    const { database } = await prepareDatabase({ databaseUrl: throwAway.url, dataDir: 'memory://' });
    try {
      const { workflowId } = await prepareRun(database);
      const env = {
        DATABASE_URL: throwAway.url,
        WORKER_LOOPS: '2',
        WORKER_BATCH: '5',
        WORKER_EXPIRE_SECONDS: '2',
        WORKER_MAINTENANCE_SECONDS: '1',
      };
      const countSends = async () =>
        Number(
          (
            await database.db
              .selectFrom('email_send')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('workflow_id', '=', workflowId)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const first = start(['server/worker.ts'], env);
      await eventually(
        async () => ((await countSends()) >= 60 ? true : undefined),
        'the first worker to send',
        60_000,
      );
      first.kill('SIGKILL');
      await exited(first);
      const killedAt = await countSends();
      expect(killedAt).toBeLessThan(CONTACTS * SEND_NODES.length);

      const a = start(['server/worker.ts'], env);
      const b = start(['server/worker.ts'], env);
      await eventually(
        async () => {
          const row = await database.db
            .selectFrom('workflow_enrolment')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('workflow_id', '=', workflowId)
            .where('status', '=', 'completed')
            .executeTakeFirstOrThrow();
          return Number(row.n) === CONTACTS ? true : undefined;
        },
        'every enrolment to complete after the restart',
        90_000,
      );
      a.kill('SIGTERM');
      b.kill('SIGTERM');
      await Promise.all([exited(a), exited(b)]);
      await checkExactlyOnce(database, workflowId);
    } finally {
      await database.close();
      await throwAway.drop();
    }
  }, 180_000);

  it('npm run worker without DATABASE_URL says that PGlite is one process per folder', async () => {
    const child = start(['server/worker.ts'], { DATABASE_URL: '' });
    let err = '';
    child.stderr?.on('data', (chunk) => {
      err += String(chunk);
    });
    await exited(child);
    expect(child.exitCode).toBe(1);
    expect(err).toContain('npm run worker needs PostgreSQL');
  }, 60_000);
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('on PGlite', () => {
  it('SIGKILL mid-run, restart on the same folder: exactly one send per send node', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-crash-'));
    try {
      const { database } = await prepareDatabase({ dataDir });
      const { workflowId } = await prepareRun(database);
      await database.close();
      const total = CONTACTS * SEND_NODES.length;
      const run = (until: (sends: number, finished: number) => boolean) => {
        const child = start(['tests/server/runtime/pgliteWorkerProcess.ts', dataDir], {});
        let stderr = '';
        child.stderr?.on('data', (chunk) => {
          stderr += String(chunk);
        });
        const reached = new Promise<number>((resolve, reject) => {
          let buffer = '';
          child.stdout?.on('data', (chunk) => {
            buffer += String(chunk);
            const lines = buffer.split('\n');
            buffer = lines.pop() ?? '';
            for (const line of lines) {
              const [, sends, finished] = line.split(' ').map(Number);
              if (sends !== undefined && finished !== undefined && until(sends, finished)) resolve(sends);
            }
          });
          child.once('exit', () => reject(new Error(`worker exited early: ${stderr.slice(-2000)}`)));
        });
        return { child, reached };
      };
      const first = run((sends) => sends >= 60);
      const killedAt = await first.reached;
      first.child.kill('SIGKILL');
      await exited(first.child);
      expect(killedAt).toBeLessThan(total);
      // The stale lock file of the killed process is taken over by the restart.
      const second = run((sends, finished) => finished === CONTACTS && sends >= 0);
      await second.reached;
      second.child.kill('SIGTERM');
      await exited(second.child);
      const check = await openDatabase({ dataDir });
      try {
        await checkExactlyOnce(check, workflowId);
      } finally {
        await check.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
