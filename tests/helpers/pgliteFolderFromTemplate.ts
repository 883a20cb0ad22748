import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { PGLITE_EXTENSIONS } from '../../server/db/pgliteExtensions.ts';
import { readPgliteTemplate } from './pgliteTemplate.ts';

/**
 * A server's data folder (DATA_DIR) holding a copy of the run's seeded template, for tests that start the
 * real server on a folder: a second or two, where migrating and seeding on disk takes ten or more.
 */
export async function pgliteFolderFromTemplate(dataDir: string): Promise<void> {
  const template = readPgliteTemplate(inject('pgliteTemplate'));
  if (!template) throw new Error('the PGlite template of this run is missing (tests/helpers/globalSetup.ts)');
  const pglite = new PGlite(path.join(dataDir, 'pglite'), {
    loadDataDir: template,
    extensions: PGLITE_EXTENSIONS,
  });
  await pglite.waitReady;
  await pglite.close();
}
