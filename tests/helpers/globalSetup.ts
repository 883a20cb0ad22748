import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { PGLITE_TEMPLATE_PATH, writePgliteTemplate } from './pgliteTemplate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** Makes the seeded PGlite template once per run (not needed on PostgreSQL). */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  await writePgliteTemplate(PGLITE_TEMPLATE_PATH);
  project.provide('pgliteTemplate', PGLITE_TEMPLATE_PATH);
  return () => fs.rmSync(PGLITE_TEMPLATE_PATH, { force: true });
}
