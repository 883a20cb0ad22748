import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_CHUNK_CHARS } from '../../../domain/contactImport.ts';
import { buildApp } from '../../../server/app.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { IMPORT_QUEUE } from '../../../server/services/audience/ImportJobs.ts';
import { IMPORT_BATCH_ROWS, processImport } from '../../../server/services/audience/processImport.ts';
import { createTestApp, signIn, type TestApp } from '../../helpers/testApp.ts';
import { waitForImport } from './importKit.ts';

/**
 * An import is written batch by batch, each batch moving its counts and its place in the file with its
 * writes: a run that stops (its time slice, a stop, a dead process) is taken up from the last committed
 * batch, and a second run of the same import writes nothing. The counts at the end are those of one run.
 */
let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  // The import worker looks for jobs nobody woke it for (a job given again after its process died) often.
  t = await createTestApp({ IMPORT_POLL_MS: '500' });
  app = t.app;
});
afterAll(async () => {
  await app?.close();
  await t?.database.close();
});

const ROWS = 25_000;

/** A file of ROWS rows: 1 in 500 refused, every 20th repeats an earlier address, a blank row now and then. */
function bigFile(domain: string) {
  const lines = ['email,first_name,company'];
  const emails = new Set<string>();
  let refused = 0;
  let empty = 0;
  for (let i = 0; i < ROWS; i++) {
    if (i % 500 === 499) {
      lines.push(`broken-${i},Bad,`);
      refused++;
    } else if (i % 3001 === 3000) {
      lines.push(',,');
      empty++;
    } else {
      const n = i % 20 === 19 ? i - 10 : i;
      emails.add(`p${n}@${domain}`);
      lines.push(`p${n}@${domain},First${i},Company ${n % 7}`);
    }
  }
  return { csv: lines.join('\n'), distinct: emails.size, refused, empty };
}

/** Stores a file as an uploaded, queued import into a new list (as import_start/ leaves it, without its job). */
async function storedImport(csv: string, listName: string) {
  const db = t.database.db;
  const list = await db
    .insertInto('contact_lists')
    .values({ org_id: DEMO_IDS.mainOrgId, user_id: DEMO_IDS.demoUserId, name: listName, is_active: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('audience_imports')
    .values({
      org_id: DEMO_IDS.mainOrgId,
      user_id: DEMO_IDS.demoUserId,
      list_id: list.id,
      file_name: `${listName}.csv`,
      mapping: JSON.stringify({ email: 0, first_name: 1, company: 2 }),
      status: 'queued',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let seq = 0, at = 0; at < csv.length; seq++, at += IMPORT_CHUNK_CHARS)
    await db
      .insertInto('audience_import_chunks')
      .values({ import_id: row.id, seq, body: csv.slice(at, at + IMPORT_CHUNK_CHARS) })
      .execute();
  return { importId: row.id, listId: list.id };
}

async function importRow(importId: number) {
  return t.database.db
    .selectFrom('audience_imports')
    .selectAll()
    .where('id', '=', importId)
    .executeTakeFirstOrThrow();
}

/** What the import wrote: its contacts, their list memberships, the rows it recorded as not imported. */
async function written(domain: string, listId: number, importId: number) {
  const { rows } = await sql<{ contacts: number; members: number; refusals: number; accounts: number }>`
    select
      (select count(*)::int from contacts where email like ${`%@${domain}`}) as contacts,
      (select count(*)::int from list_contacts where list_id = ${listId}) as members,
      (select count(*)::int from audience_import_refusals where import_id = ${importId}) as refusals,
      (select count(distinct account_id)::int from contacts where email like ${`%@${domain}`}) as accounts
  `.execute(t.database.db);
  return rows[0];
}

function expectExact(
  done: Awaited<ReturnType<typeof importRow>>,
  file: ReturnType<typeof bigFile>,
  wrote: Awaited<ReturnType<typeof written>>,
) {
  const duplicates = ROWS - file.refused - file.empty - file.distinct;
  expect(done).toMatchObject({
    status: 'done',
    processed_rows: ROWS,
    total_rows: ROWS,
    inserted: file.distinct,
    updated: 0,
    refused: file.refused,
    duplicates,
    empty_rows: file.empty,
  });
  expect(wrote).toEqual({
    contacts: file.distinct,
    members: file.distinct,
    refusals: file.refused + duplicates,
    accounts: 7,
  });
}

describe('an import taken up where it stopped', () => {
  it('a run stopped after its first batch, taken up again, imports every row once with exact counts', async () => {
    const file = bigFile('resume.example.test');
    const { importId, listId } = await storedImport(file.csv, 'Resumed import');
    expect(await processImport(t.database.db, importId, { stopping: () => true })).toBe('more');
    const halfway = await importRow(importId);
    expect(halfway.status).toBe('running');
    expect(halfway.processed_rows).toBeGreaterThanOrEqual(IMPORT_BATCH_ROWS);
    expect(halfway.processed_rows).toBeLessThan(ROWS);
    expect(halfway.cursor_char).toBeGreaterThan(0);
    // Taken up again for one batch (its time is up), then to the end.
    expect(await processImport(t.database.db, importId, { until: 0 })).toBe('more');
    expect(await processImport(t.database.db, importId)).toBe('done');
    expectExact(await importRow(importId), file, await written('resume.example.test', listId, importId));
    expect(await processImport(t.database.db, importId)).toBe('gone');
  });

  it('two runs of one import at once write it once', async () => {
    const file = bigFile('twice.example.test');
    const { importId, listId } = await storedImport(file.csv, 'Twice import');
    const outcomes = await Promise.all([
      processImport(t.database.db, importId),
      processImport(t.database.db, importId),
    ]);
    expect(outcomes.sort()).toEqual(['done', 'gone']);
    expectExact(await importRow(importId), file, await written('twice.example.test', listId, importId));
  });

  it('an import whose process died with its job is taken up when the server starts again', async () => {
    const file = bigFile('restart.example.test');
    const { importId, listId } = await storedImport(file.csv, 'Restarted import');
    // The dead process: its import half done, its pg-boss job still active (started long ago, expired).
    await app.close();
    expect(await processImport(t.database.db, importId, { stopping: () => true })).toBe('more');
    await sql`
      insert into pgboss.job (name, data, state, started_on, expire_in, retry_limit)
      values (${IMPORT_QUEUE}, ${JSON.stringify({ importId })}::jsonb, 'active', now() - interval '1 hour',
        interval '1 second', 4)`.execute(t.database.db);
    // Started again: on PGlite (one process) the dead job is cancelled and the import queued at once; on
    // PostgreSQL pg-boss's maintenance gives the expired job again (within its 30 s interval).
    app = await buildApp({ config: t.config, database: t.database, logger: false, feedFetcher: false });
    await app.ready();
    const { data } = await waitForImport(app, await signIn(app), importId);
    expect(data.status).toBe('done');
    expectExact(await importRow(importId), file, await written('restart.example.test', listId, importId));
    const { rows: jobs } = await sql<{ state: string }>`
      select state from pgboss.job where name = ${IMPORT_QUEUE} and data->>'importId' = ${String(importId)}
      order by created_on`.execute(t.database.db);
    expect(jobs.map((job) => job.state)).toEqual(
      t.database.kind === 'pglite' ? ['cancelled', 'completed'] : ['completed'],
    );
  }, 90_000);
});
