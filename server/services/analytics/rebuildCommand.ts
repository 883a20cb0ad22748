import { loadConfig } from '../../config.ts';
import { migrateToLatest } from '../../db/migrations.ts';
import { openDatabase } from '../../db/openDatabase.ts';
import { rebuildRollups } from './rebuildRollups.ts';

/**
 * `npm run analytics:rebuild [-- --org <id>]`: recomputes every analytics rollup from email_event (or one
 * organisation's), on the database `npm start` uses (DATABASE_URL, else PGlite in DATA_DIR, which a running
 * server holds: stop it first). It starts no other process and closes the database before it exits. The
 * last line is one JSON object: the event id the rollups now hold everything up to, and their row counts.
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const orgAt = args.indexOf('--org');
  const orgText = orgAt >= 0 ? args[orgAt + 1] : undefined;
  const orgId = orgText === undefined ? undefined : Number(orgText);
  if (orgAt >= 0 && !(Number.isSafeInteger(orgId) && (orgId ?? 0) > 0)) {
    console.error('--org takes an organisation id, such as --org 1.');
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    const started = performance.now();
    const rebuilt = await rebuildRollups(database.db, { orgId });
    const ms = Math.round(performance.now() - started);
    console.log(
      `Analytics rollups rebuilt from the events up to id ${rebuilt.upTo}${orgId ? ` for organisation ${orgId}` : ''} ` +
        `in ${ms} ms (${database.location}): ${rebuilt.dayRows} day rows, ${rebuilt.contactEmails} contact and email ` +
        `rows, ${rebuilt.articleContacts} article and contact rows.`,
    );
    console.log(JSON.stringify({ rebuilt: true, orgId: orgId ?? null, ms, ...rebuilt }));
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(
      `Cannot rebuild the analytics rollups: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exitCode = 1;
  },
);
