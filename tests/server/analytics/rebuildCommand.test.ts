import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../../server/db/openDatabase.ts';
import { applyNewEvents } from '../../../server/services/analytics/applyNewEvents.ts';
import { pgliteFolderFromTemplate } from '../../helpers/pgliteFolderFromTemplate.ts';
import { postgresTemplate } from '../../helpers/postgresTemplate.ts';
import { throwAwayDatabase } from '../../helpers/throwAwayDatabase.ts';
import { makeAnalyticsWorld, recordEvents } from './analyticsTestKit.ts';
import { randomEventStream } from './eventStream.ts';
import { recountEvents, storedRollups } from './recountEvents.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The database of this run (PGlite in a folder, or a throw-away PostgreSQL database), and how to open it. */
async function aDatabase(): Promise<{ env: Record<string, string>; open: () => Promise<DatabaseHandle> }> {
  const postgres = await throwAwayDatabase('wb_rebuild', undefined, postgresTemplate());
  if (postgres) {
    cleanups.push(postgres.drop);
    return {
      env: { DATABASE_URL: postgres.url },
      open: () => openDatabase({ databaseUrl: postgres.url, dataDir: '' }),
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-rebuild-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  await pgliteFolderFromTemplate(dataDir);
  return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }) };
}

/** `npm run analytics:rebuild` in its own process group (killed with it if it outlives the time-out). */
function runRebuild(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
    const child = spawn('npm', ['run', '--silent', 'analytics:rebuild'], {
      cwd: root,
      env: { ...inherited, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const timer = setTimeout(() => {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, 240_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('npm run analytics:rebuild', () => {
  it('recomputes every rollup from the events: the numbers the catch-up worker kept', async () => {
    const target = await aDatabase();
    let database = await target.open();
    const world = await makeAnalyticsWorld(database.db, {
      contacts: 120,
      emails: 5,
      timeZone: 'Asia/Kolkata',
    });
    const stream = randomEventStream(world, 6000, 'rebuild-command');
    for (let at = 0; at < stream.length; at += 700)
      await recordEvents(database.db, stream.slice(at, at + 700));
    await applyNewEvents(database.db);
    const expected = recountEvents(stream, world.timeZone, world.accountOf);
    expect(await storedRollups(database.db, world.orgId)).toEqual(expected);
    // Spoiled rollups: the command writes them again from the events alone.
    await sql`update analytics_day_totals set sent = sent + 100 where org_id = ${world.orgId}`.execute(
      database.db,
    );
    await sql`delete from analytics_contact_email where org_id = ${world.orgId}`.execute(database.db);
    await database.close();

    const run = await runRebuild(target.env);
    expect(run.code, run.output).toBe(0);
    const summary = JSON.parse(run.output.trim().split('\n').at(-1) ?? '{}');
    expect(summary).toMatchObject({ rebuilt: true, orgId: null });
    expect(summary.contactEmails).toBeGreaterThanOrEqual(expected.contactEmails.length);

    database = await target.open();
    try {
      expect(await storedRollups(database.db, world.orgId)).toEqual(expected);
    } finally {
      await database.close();
    }
  }, 300_000);
});
