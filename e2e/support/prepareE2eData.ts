import { cpSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { prepareDatabase } from '../../server/db/prepareDatabase.ts';
import { DEMO_IDS } from '../../server/seed/demoIds.ts';

/**
 * Run before the e2e server starts on a fresh data folder: migrates and seeds it (unsubscribe ids are
 * random, as in production), then writes the unsubscribe ids of the demo organisation's first contacts to
 * E2E_FIXTURE_FILE, so that specs can open a given recipient's page without any id being computable.
 * With E2E_COPY_DATA_TO (comma-separated folders), the prepared database is copied into those data folders
 * too (the second server's, the outage spec's): they start without migrating and seeding one of their own.
 */
async function prepare(): Promise<void> {
  const dataDir = process.env.DATA_DIR;
  const fixtureFile = process.env.E2E_FIXTURE_FILE;
  if (!dataDir || !fixtureFile) throw new Error('DATA_DIR and E2E_FIXTURE_FILE are required');
  const { database } = await prepareDatabase({ dataDir });
  try {
    const rows = await database.db
      .selectFrom('preferences')
      .select(['contact_id', 'uuid'])
      .where('org_id', '=', DEMO_IDS.mainOrgId)
      .where('contact_id', '<=', 20)
      .orderBy('contact_id')
      .execute();
    const uuids = Object.fromEntries(rows.map((row) => [String(row.contact_id), row.uuid]));
    writeFileSync(fixtureFile, JSON.stringify({ preferenceUuids: uuids }));
  } finally {
    await database.close();
  }
  for (const copyTo of (process.env.E2E_COPY_DATA_TO ?? '').split(',').filter(Boolean))
    cpSync(path.join(dataDir, 'pglite'), path.join(copyTo, 'pglite'), { recursive: true });
}

await prepare();
