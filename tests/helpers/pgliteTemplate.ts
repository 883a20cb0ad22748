import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { migrateToLatest } from '../../server/db/migrations.ts';
import { inlinePglite } from '../../server/db/PgliteSession.ts';
import { pgliteDialect } from '../../server/db/pgliteDialect.ts';
import { PGLITE_EXTENSIONS } from '../../server/db/pgliteExtensions.ts';
import type { Database } from '../../server/db/schema.ts';
import { seedDemoData } from '../../server/seed/seedDemoData.ts';

/**
 * Creating a PGlite cluster takes seconds; loading a dump of one takes under one. Vitest's global setup
 * makes one migrated, seeded database per run and dumps it here; every test file starts from a copy.
 */
export const PGLITE_TEMPLATE_PATH = path.join(os.tmpdir(), `workbench-pglite-template-${process.pid}.tar`);

export async function writePgliteTemplate(file: string): Promise<void> {
  const pglite = new PGlite('memory://', { extensions: PGLITE_EXTENSIONS });
  const db = new Kysely<Database>({ dialect: pgliteDialect(inlinePglite(pglite)) });
  await migrateToLatest(db);
  await seedDemoData(db);
  // Written out now, so that every copy starts without replaying the seed's write-ahead log.
  await pglite.exec('CHECKPOINT');
  const dump = await pglite.dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.destroy();
}

export function readPgliteTemplate(file: string | undefined): Blob | undefined {
  if (!file || !fs.existsSync(file)) return undefined;
  return new Blob([fs.readFileSync(file)]);
}
