import pg from 'pg';

/**
 * A throw-away database on the server of adminUrl (default TEST_DATABASE_URL: PostgreSQL runs), else
 * undefined (PGlite). With `template` (a database name), a copy of it (CREATE DATABASE ... TEMPLATE: the
 * migrated, seeded database the test run made once, see globalSetup.ts). The engine benchmark uses it too.
 */
export async function throwAwayDatabase(
  prefix = 'wb_test',
  adminUrl = process.env.TEST_DATABASE_URL,
  template?: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> } | undefined> {
  if (!adminUrl) return undefined;
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (template && !/^[a-z0-9_]+$/.test(template)) throw new Error(`not a template name: ${template}`);
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    // A throw-away database. "with (force)" cannot end a backend of another role (an autovacuum worker
    // that has just started on it): try again shortly, and leave it behind rather than fail a test.
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        for (let attempt = 1; ; attempt += 1) {
          try {
            await client.query(`drop database if exists ${name} with (force)`);
            return;
          } catch (error) {
            if (attempt >= 10) {
              console.warn(`left the test database ${name} behind: ${String(error)}`);
              return;
            }
            await new Promise((resolve) => setTimeout(resolve, 300));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}
