import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Vitest: every test lives in tests/ as *.test.ts or *.test.tsx.
 * - "node": server and domain tests (tests/server/** builds a seeded app on PGlite, or on the PostgreSQL
 *   server at TEST_DATABASE_URL when that is set).
 * - "dom": tests/client/** and any *.test.tsx run in jsdom.
 * Sized for 2 cores: each server test file opens its own database (PGlite peaks near 1 GB while it is
 * created, about 6 s per app), so at most two files run at once.
 * isolate: false: a worker keeps its module cache (and jsdom) from one file to the next, so the server's
 * and React's module graphs are imported once per worker instead of once per file (about 3 s a file).
 * Test files therefore leave no global state behind (restoreMocks; helpers close what they open).
 * scripts/test.sh runs the two projects one after the other, so a worker never switches environments.
 */
const domTests = ['tests/client/**/*.test.{ts,tsx}', 'tests/**/*.test.tsx'];
// Tests that never use the test database (PGlite folders of their own, processes, locks): the PostgreSQL
// run of tests/server (TEST_DATABASE_URL set) skips them; the PGlite run has covered them.
const databaseFree = process.env.TEST_DATABASE_URL
  ? [
      'tests/server/shutdown.test.ts',
      'tests/server/db/takeFolderLock.test.ts',
      'tests/server/db/unorderedMigrations.test.ts',
      'tests/server/db/pgliteThread.test.ts',
      'tests/server/audience/importKilledMidway.test.ts',
    ]
  : [];

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    restoreMocks: true,
    env: { LOG_LEVEL: 'silent' },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // One seeded PGlite database per run, copied by every server test file (tests/helpers/globalSetup.ts).
          globalSetup: ['tests/helpers/globalSetup.ts'],
          isolate: false,
          include: ['tests/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...domTests, ...databaseFree],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          setupFiles: ['tests/helpers/domSetup.ts'],
          isolate: false,
          include: domTests,
          exclude: [...configDefaults.exclude],
        },
      },
    ],
  },
});
