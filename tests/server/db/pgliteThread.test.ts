import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../../server/db/openDatabase.ts';
import { readPgliteTemplate } from '../../helpers/pgliteTemplate.ts';

/**
 * PGlite in its own thread (the server's default): the same answers as on the event loop — rows, counts,
 * transactions, database errors with their code, notifications — and the event loop stays free meanwhile.
 */
describe('PGlite in its own thread', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    // A copy of the migrated test database (a dump handed to the thread): no cluster made from scratch.
    const template = readPgliteTemplate(inject('pgliteTemplate'));
    database = await openDatabase({ dataDir: 'memory://', thread: true, template });
    await sql`create table things (id serial primary key, name text unique not null, at timestamptz)`.execute(
      database.db,
    );
  });
  afterAll(async () => {
    await database?.close();
  });

  it('answers rows with their types, write counts, and scripts', async () => {
    const at = new Date('2026-11-27T10:00:00Z');
    const inserted = await database.db
      .insertInto('things' as never)
      .values([
        { name: 'one', at },
        { name: 'two', at: null },
      ] as never)
      .executeTakeFirst();
    expect(Number(inserted.numInsertedOrUpdatedRows)).toBe(2);
    const rows = await sql<{ name: string; at: Date | null; n: number }>`
      select name, at, count(*) over ()::int as n from things order by id`.execute(database.db);
    expect(rows.rows).toEqual([
      { name: 'one', at, n: 2 },
      { name: 'two', at: null, n: 2 },
    ]);
    expect(rows.rows[0]?.at).toBeInstanceOf(Date);
    const script = await sql.raw('select 1 as a; select 2 as b').execute(database.db);
    expect(script.rows).toEqual([{ b: 2 }]);
  });

  it('a failed transaction is rolled back, and the error keeps its code and constraint', async () => {
    const error = await database.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into things (name) values ('three')`.execute(trx);
        await sql`insert into things (name) values ('one')`.execute(trx);
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'things_name_key' });
    const names = await sql<{ name: string }>`select name from things order by id`.execute(database.db);
    expect(names.rows.map((row) => row.name)).toEqual(['one', 'two']);
    expect(await database.pglite?.isInTransaction()).toBe(false);
  });

  it('notifications reach every listener until it stops listening', async () => {
    const pglite = database.pglite;
    if (!pglite) throw new Error('no PGlite session');
    const heard: string[] = [];
    const stop = await pglite.listen('work', (payload) => heard.push(payload));
    await sql`select pg_notify('work', 'first')`.execute(database.db);
    await expect.poll(() => heard).toEqual(['first']);
    await stop();
    await sql`select pg_notify('work', 'second')`.execute(database.db);
    await sql`select 1`.execute(database.db);
    expect(heard).toEqual(['first']);
  });

  it('the event loop runs while the thread works', async () => {
    let ticks = 0;
    const timer = setInterval(() => {
      ticks += 1;
    }, 5);
    try {
      await sql`select count(*) from generate_series(1, 1000000)`.execute(database.db);
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(3);
  });

  it('a closed database refuses statements instead of waiting for ever', async () => {
    const other = await openDatabase({
      dataDir: 'memory://',
      thread: true,
      template: readPgliteTemplate(inject('pgliteTemplate')),
    });
    const rows = await sql<{ n: number }>`select count(*)::int as n from users`.execute(other.db);
    expect(rows.rows[0]?.n).toBeGreaterThan(0);
    await other.close();
    expect(other.pglite?.closed).toBe(true);
    await expect(sql`select 1`.execute(other.db)).rejects.toThrow();
  });
});
