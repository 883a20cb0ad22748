import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureServerBuilt } from '../../server/build/buildServer.ts';
import { ROOT } from '../../server/build/fingerprint.ts';
import { prepareDatabase } from '../../server/db/prepareDatabase.ts';
import { PGLITE_TEMPLATE_PATH, writePgliteTemplate } from './pgliteTemplate.ts';
import { throwAwayDatabase } from './throwAwayDatabase.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** PostgreSQL runs: the migrated, seeded database every test app's database is copied from. */
    postgresTemplate: string;
  }
}

/**
 * Makes the migrated, seeded database once per run: a PGlite dump, or on PostgreSQL (TEST_DATABASE_URL) a
 * template database that each test file's database is created from (CREATE DATABASE ... TEMPLATE copies
 * files: well under a second, where migrating and seeding took seconds per file).
 */
export default async function setup(project: TestProject) {
  // The server bundle that tests starting the real server run (`npm start`'s): built here, once, before any
  // of them, so that two never build it at the same time.
  await ensureServerBuilt(path.join(ROOT, 'dist', 'server'));
  if (process.env.TEST_DATABASE_URL) {
    const template = await throwAwayDatabase('wb_template');
    if (!template) throw new Error('TEST_DATABASE_URL is set, so a template database is made');
    const { database } = await prepareDatabase({ databaseUrl: template.url, dataDir: 'memory://' });
    await database.close();
    project.provide('postgresTemplate', template.name);
    return () => template.drop();
  }
  await writePgliteTemplate(PGLITE_TEMPLATE_PATH);
  project.provide('pgliteTemplate', PGLITE_TEMPLATE_PATH);
  return () => fs.rmSync(PGLITE_TEMPLATE_PATH, { force: true });
}
