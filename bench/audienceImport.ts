/**
 * `npm run bench:audienceImport`: the CSV import of contacts, 100,000 rows, on PGlite and PostgreSQL.
 *
 * For each database (PGlite on disk in a temporary folder, like `npm start`; PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set, in a throw-away database made there):
 * 1. Migrates and seeds it (the demo organisation), then stores a generated 100,000-row CSV as an import
 *    (new addresses, 1 in 200 rows refused for a bad address, into a new list), the way import_chunk/
 *    stores it, and times the import job itself (processImport: the pass that finds repeated emails, then
 *    papaparse in pieces, 10,000-row upserts, list members, refused rows, progress), i.e. what runs after
 *    import_start/.
 * 2. Times a bare COPY of the same good rows (other addresses) into the same table, in the same run:
 *    PGlite's COPY FROM '/dev/blob'; on PostgreSQL psql's \copy (its start-up included, a few ms).
 *    import.shareOfCopy = COPY's time / the import's time (1 = as fast as a bare COPY).
 * Targets: >= 5,000 rows/s on PGlite, >= 20,000 rows/s on PostgreSQL, shareOfCopy >= 0.3 on each.
 * Prints the figures, then one JSON object as the last line. --strict exits 1 when a target is missed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { IMPORT_CHUNK_CHARS } from '../domain/contactImport.ts';
import { prepareDatabase } from '../server/db/prepareDatabase.ts';
import { DEMO_IDS } from '../server/seed/demoIds.ts';
import { processImport } from '../server/services/audience/processImport.ts';
import { throwAwayDatabase } from '../tests/helpers/throwAwayDatabase.ts';
import { round, runBench } from './benchServer.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS || 100_000);
const TARGET = { pgliteRowsPerSecond: 5000, postgresRowsPerSecond: 20_000, shareOfCopy: 0.3 };
const MAPPING = { email: 0, first_name: 1, last_name: 2, designation: 3, phone_number: 4 };

function csvRows(domain: string, withBadRows: boolean): { csv: string; good: number } {
  const lines = ['email,first_name,last_name,job_title,phone'];
  let good = 0;
  for (let i = 0; i < ROWS; i++) {
    if (withBadRows && i % 200 === 199) lines.push(`not-an-address-${i},Bad,Row,,`);
    else {
      lines.push(
        `person${i}@${domain},First${i},Last${i},Engineer ${i % 40},+1 555 ${String(i).padStart(7, '0')}`,
      );
      good++;
    }
  }
  return { csv: `${lines.join('\n')}\n`, good };
}

type Result = {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  copySeconds: number;
  shareOfCopy: number;
};

async function measure(kind: 'pglite' | 'postgres'): Promise<Result> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  const throwAway =
    kind === 'postgres'
      ? await throwAwayDatabase(
          'bench_import',
          process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL,
        )
      : undefined;
  const { database } = await prepareDatabase({ databaseUrl: throwAway?.url, dataDir: folder });
  const db = database.db;
  try {
    const list = await db
      .insertInto('contact_lists')
      .values({
        org_id: DEMO_IDS.mainOrgId,
        user_id: DEMO_IDS.demoUserId,
        name: 'Bench import',
        is_active: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { csv } = csvRows('import.bench.test', true);
    const job = await db
      .insertInto('audience_imports')
      .values({
        org_id: DEMO_IDS.mainOrgId,
        user_id: DEMO_IDS.demoUserId,
        list_id: list.id,
        file_name: 'bench.csv',
        mapping: JSON.stringify(MAPPING),
        status: 'running',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let seq = 0, at = 0; at < csv.length; seq++, at += IMPORT_CHUNK_CHARS) {
      await db
        .insertInto('audience_import_chunks')
        .values({ import_id: job.id, seq, body: csv.slice(at, at + IMPORT_CHUNK_CHARS) })
        .execute();
    }
    const started = performance.now();
    const outcome = await processImport(db, job.id);
    const seconds = (performance.now() - started) / 1000;
    const done = await db
      .selectFrom('audience_imports')
      .select('processed_rows')
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    if (outcome !== 'done' || done.processed_rows !== ROWS)
      throw new Error(`imported ${done.processed_rows} of ${ROWS} rows (${outcome})`);

    // A bare COPY of the same good rows (other addresses) into the same table.
    const copy = csvRows('copy.bench.test', false);
    const copyCsv = copy.csv
      .split('\n')
      .slice(1)
      .filter(Boolean)
      .map((line) => `${DEMO_IDS.mainOrgId},${line},Awareness`)
      .join('\n');
    const columns = '(org_id, email, first_name, last_name, designation, phone_number, buyer_stage)';
    const copyStarted = performance.now();
    if (kind === 'pglite') {
      const pglite = database.pglite;
      if (!pglite) throw new Error('no PGlite handle');
      await pglite.query(`copy contacts ${columns} from '/dev/blob' with (format csv)`, [], {
        blob: new Blob([copyCsv]),
      });
    } else {
      const file = path.join(folder, 'copy.csv');
      fs.writeFileSync(file, copyCsv);
      execFileSync('psql', [
        throwAway?.url ?? '',
        '-q',
        '-c',
        `\\copy contacts ${columns} from '${file}' with (format csv)`,
      ]);
    }
    const copySeconds = (performance.now() - copyStarted) / 1000;
    const copied = await db
      .selectFrom('contacts')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('email', 'like', '%@copy.bench.test')
      .executeTakeFirstOrThrow();
    if (Number(copied.n) !== copy.good) throw new Error(`COPY wrote ${copied.n} rows`);
    await sql`select 1`.execute(db);
    return {
      rows: ROWS,
      seconds: round(seconds, 2),
      rowsPerSecond: Math.round(ROWS / seconds),
      copySeconds: round(copySeconds, 2),
      shareOfCopy: round(copySeconds / seconds, 2),
    };
  } finally {
    await database.close();
    await throwAway?.drop();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

runBench('bench:audienceImport', async () => {
  const pglite = await measure('pglite');
  console.log(
    `PGlite: ${pglite.rows} rows in ${pglite.seconds} s = ${pglite.rowsPerSecond} rows/s; bare COPY ${pglite.copySeconds} s; share of COPY ${pglite.shareOfCopy}`,
  );
  const hasPostgres = Boolean(process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL);
  const postgres = hasPostgres ? await measure('postgres') : null;
  if (postgres)
    console.log(
      `PostgreSQL: ${postgres.rows} rows in ${postgres.seconds} s = ${postgres.rowsPerSecond} rows/s; bare COPY ${postgres.copySeconds} s; share of COPY ${postgres.shareOfCopy}`,
    );
  else console.log('PostgreSQL: not measured (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  const pass =
    pglite.rowsPerSecond >= TARGET.pgliteRowsPerSecond &&
    pglite.shareOfCopy >= TARGET.shareOfCopy &&
    (postgres === null ||
      (postgres.rowsPerSecond >= TARGET.postgresRowsPerSecond && postgres.shareOfCopy >= TARGET.shareOfCopy));
  console.log(
    JSON.stringify({
      import: {
        pglite,
        postgres,
        shareOfCopy: { pglite: pglite.shareOfCopy, postgres: postgres?.shareOfCopy ?? null },
      },
      target: TARGET,
      pass,
    }),
  );
  return process.argv.includes('--strict') && !pass ? 1 : 0;
});
