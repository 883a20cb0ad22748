import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { type ContactImportState, IMPORT_CHUNK_CHARS } from '../../../domain/contactImport.ts';
import { openDatabase } from '../../../server/db/openDatabase.ts';
import { pgliteFolderFromTemplate } from '../../helpers/pgliteFolderFromTemplate.ts';
import {
  cleanedUpAfterAll,
  getOver,
  postOver,
  signInOver,
  startServerProcess,
} from '../../helpers/serverProcess.ts';

/**
 * A CSV import of ROWS rows, the server process killed (SIGKILL) after the import's first batches and
 * started again on the same PGlite folder: the import finishes by itself, every contact is in the
 * database and the list once, and the report's counts are those of an import that never stopped (no row
 * counted twice, nothing "updated" that the killed process had added). PGlite only: on PostgreSQL a job of
 * a dead process is given again after its expiry (2 minutes), which the in-process test covers.
 */
const ROWS = 60_000;
const { children, folders } = cleanedUpAfterAll();

it(`imports ${ROWS.toLocaleString('en')} rows exactly once though the server is killed mid-import`, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-import-kill-'));
  folders.push(dataDir);
  await pgliteFolderFromTemplate(dataDir);
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', WORKFLOW_RUNTIME: 'off', FEED_FETCH: 'off' };

  const lines = ['email,first_name,company'];
  for (let i = 0; i < ROWS; i++)
    lines.push(i % 1000 === 999 ? `broken-${i},Bad,` : `k${i}@killed.example.test,K${i},Firm ${i % 13}`);
  const csv = lines.join('\n');
  const refused = ROWS / 1000;

  const first = await startServerProcess(env, children);
  const session = await signInOver(first.origin);
  const created = (await postOver(first.origin, session, '/api/audience/import_create/', {
    file_name: 'killed.csv',
    mapping: JSON.stringify({ email: 0, first_name: 1, company: 2 }),
    total_rows: ROWS,
    list_name: 'Killed midway import',
  })) as { import_id: number; list_id: number };
  for (let seq = 0, at = 0; at < csv.length; seq++, at += IMPORT_CHUNK_CHARS)
    await postOver(first.origin, session, '/api/audience/import_chunk/', {
      import_id: created.import_id,
      seq,
      text: csv.slice(at, at + IMPORT_CHUNK_CHARS),
    });
  const status = async (origin: string, s = session) =>
    (
      (await getOver(origin, s, `/api/audience/import_status/?import_id=${created.import_id}`)) as {
        data: ContactImportState;
      }
    ).data;
  await postOver(first.origin, session, '/api/audience/import_start/', { import_id: created.import_id });
  await expect
    .poll(async () => (await status(first.origin)).processed_rows, { interval: 20 })
    .toBeGreaterThan(0);
  first.child.kill('SIGKILL');
  await first.exited;
  const atKill = (await readImport(dataDir, created.import_id)).processed_rows;
  expect(atKill).toBeGreaterThan(0);
  expect(atKill).toBeLessThan(ROWS);

  const second = await startServerProcess(env, children);
  const again = await signInOver(second.origin);
  await expect
    .poll(async () => (await status(second.origin, again)).status, { timeout: 120_000, interval: 200 })
    .toBe('done');
  const done = await status(second.origin, again);
  second.child.kill('SIGTERM');
  await second.exited;

  expect(done).toMatchObject({
    processed_rows: ROWS,
    inserted: ROWS - refused,
    updated: 0,
    refused,
    duplicates: 0,
  });
  const database = await openDatabase({ dataDir });
  try {
    const counts = await database.db
      .selectFrom('contacts')
      .select((eb) => [
        eb.fn.countAll<number>().as('contacts'),
        eb.fn.count<number>('account_id').distinct().as('accounts'),
      ])
      .where('email', 'like', '%@killed.example.test')
      .executeTakeFirstOrThrow();
    expect({ contacts: Number(counts.contacts), accounts: Number(counts.accounts) }).toEqual({
      contacts: ROWS - refused,
      accounts: 13,
    });
    const members = await database.db
      .selectFrom('list_contacts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('list_id', '=', created.list_id)
      .executeTakeFirstOrThrow();
    expect(Number(members.n)).toBe(ROWS - refused);
  } finally {
    await database.close();
  }
}, 300_000);

/** The import's row, read from the folder of the killed server. */
async function readImport(dataDir: string, importId: number) {
  const database = await openDatabase({ dataDir });
  try {
    return await database.db
      .selectFrom('audience_imports')
      .select(['processed_rows', 'status'])
      .where('id', '=', importId)
      .executeTakeFirstOrThrow();
  } finally {
    await database.close();
  }
}
