import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/openDatabase.ts';
import { throwAwayDatabase } from '../../helpers/throwAwayDatabase.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('the PostgreSQL pool', () => {
  it('survives an idle connection ended by the server: told, replaced, the process not ended', async () => {
    const scratch = await throwAwayDatabase('wb_idle');
    if (!scratch) throw new Error('TEST_DATABASE_URL is set, so a scratch database is made');
    const told: string[] = [];
    const database = await openDatabase({
      databaseUrl: scratch.url,
      dataDir: 'unused',
      onIdleError: (error) => told.push(error.message),
    });
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const { rows } = await database.db.executeQuery<{ pid: number }>({
        sql: 'select pg_backend_pid() as pid',
        parameters: [],
        query: { kind: 'RawNode' } as never,
        queryId: { queryId: 'idle' },
      });
      const pid = rows[0]?.pid;
      expect(pid).toBeGreaterThan(0);
      // The connection is back in the pool, idle: end it from another session, as a server restart would.
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      for (let i = 0; i < 50 && told.length === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
      expect(told.length).toBe(1);
      expect(told[0]).toMatch(/terminat/i);
      expect(uncaught).toEqual([]);
      const again = await database.db.executeQuery<{ one: number }>({
        sql: 'select 1 as one',
        parameters: [],
        query: { kind: 'RawNode' } as never,
        queryId: { queryId: 'again' },
      });
      expect(again.rows).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await database.close();
      await scratch.drop();
    }
  });
});
