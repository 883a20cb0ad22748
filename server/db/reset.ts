import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { startupSecurityLines } from '../lib/startupSecurityLines.ts';
import { DEMO_LOGIN } from '../seed/demoAccounts.ts';
import { prepareDatabase } from './prepareDatabase.ts';
import { takeFolderLock } from './takeFolderLock.ts';

/**
 * `npm run db:reset`: throws the database away and recreates it with the demo data.
 * - PGlite (no DATABASE_URL): deletes DATA_DIR/pglite, refusing while a running server holds the folder.
 * - PostgreSQL (DATABASE_URL): drops and recreates the public schema.
 * Then migrates, seeds (unless DEMO_DATA=off), creates the internal admin (its new password printed once,
 * see internalUsers.ts), and prints what it did and the demo preference link.
 */
async function resetDatabase(): Promise<void> {
  const config = loadConfig();
  let releaseLock = () => {};
  if (config.databaseUrl) {
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      await client.query('drop schema if exists public cascade; create schema public;');
    } finally {
      await client.end();
    }
    console.log('Dropped and recreated the public schema of the PostgreSQL database (DATABASE_URL).');
  } else {
    // Held until the end: a server started meanwhile on this folder refuses to open it.
    releaseLock = await takeFolderLock(config.dataDir);
    const folder = path.join(config.dataDir, 'pglite');
    const existed = fs.existsSync(folder);
    fs.rmSync(folder, { recursive: true, force: true });
    console.log(
      existed ? `Deleted the PGlite database in ${folder}.` : `No database in ${folder} yet: creating one.`,
    );
  }

  try {
    const started = performance.now();
    const { database, applied, seed, internalUsers } = await prepareDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      seed: config.demoData,
      internalUsers: { env: process.env, dataDir: config.dataDir },
    });
    await database.close();
    console.log(`Migrations applied: ${applied.join(', ') || 'none'}.`);
    if (seed?.counts) {
      const c = seed.counts;
      console.log(
        `Demo data seeded in ${seed.durationMs} ms: ${c.organisations} organisations, ${c.users} users, ${c.contacts} contacts, ` +
          `${c.lists} lists, ${c.campaigns} campaigns, ${c.emails} emails, ${c.preferences} preference records.`,
      );
    }
    console.log(`Database ready (${database.location}) in ${Math.round(performance.now() - started)} ms.`);
    if (seed?.counts) console.log(`Demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);
    for (const line of startupSecurityLines(internalUsers, [], config.publicOrigin)) console.log(line);
    if (seed?.demoPreferenceUuid) {
      console.log(`Demo preference link: ${config.publicOrigin}/unsub/${seed.demoPreferenceUuid}`);
    }
  } finally {
    releaseLock();
  }
}

resetDatabase().catch((error: unknown) => {
  console.error(`Cannot reset the database: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
