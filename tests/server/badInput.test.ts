import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, signIn, type TestApp } from '../helpers/testApp.ts';
import { createInternalUser } from '../helpers/testUsers.ts';

/**
 * Every API route, found through the published API description, is sent bad input: missing fields,
 * wrong types, a body over 1 MB, SQL-looking strings, unicode and emoji, NUL characters and unknown ids.
 * Each answer must be a 4xx with a readable message (never a 500), and a refused request must leave
 * the data exactly as it was.
 */

type Operation = { method: string; path: string; fields: string[]; query: string[] };

const SQLISH = "' OR '1'='1'; DROP TABLE users; --";
const EMOJI = 'Ünïcødé 名前 😀🎉 مرحبا';
const UNKNOWN_UUID = '2b1f3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

let t: TestApp;
let admin: { email: string; password: string };
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '100000', PUBLIC_RATE_LIMIT: '100000' });
  admin = await createInternalUser(t.database.db, 2);
  const doc = t.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      fields: Object.keys(Object.values(op.requestBody?.content ?? {})[0]?.schema?.properties ?? {}),
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    })),
  );
});
afterAll(async () => {
  await t?.close();
});

type OpenApiOperation = {
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  parameters?: Array<{ in: string; name: string }>;
};

/** The session if it still signs requests in (a cheap GET), else a new sign-in. */
async function workingSession(session: Session | undefined): Promise<Session> {
  if (session) {
    const me = await t.app.inject({ url: '/api/user/user_data/', headers: { cookie: session.cookie } });
    if (me.statusCode === 200) return session;
  }
  return signIn(t.app, admin);
}

/**
 * A digest of every table's row versions, to prove a refused request changed nothing: each visible row's
 * place and writing transaction (ctid, xmin), so any insert, update or delete shows, without turning every
 * row into text (the seeded article pool made that take minutes over the whole run). The rate-limit
 * counts (rate_limits) are left out: every request to a limited route counts, refused or not.
 */
async function fingerprint(): Promise<string> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
      and table_name <> 'rate_limits'
    order by table_name`.execute(t.database.db);
  // One query for every table (one round trip, not one per table).
  const digests = sql.join(
    tables.rows.map(
      ({ table_name }) => sql`
        select ${table_name} as name, count(*)::text || ':' ||
          coalesce(sum(hashtext(t.ctid::text || '/' || t.xmin::text)::bigint), 0)::text as digest
        from ${sql.table(table_name)} t`,
    ),
    sql` union all `,
  );
  const result = await sql<{ name: string; digest: string }>`${digests}`.execute(t.database.db);
  // Sorted here: a union's rows come in any order (PostgreSQL may run its parts in parallel).
  return result.rows
    .map((row) => `${row.name}:${row.digest}`)
    .sort()
    .join('\n');
}

type Variant = { label: string; body?: unknown; query?: string; raw?: string };

function variants(op: Operation): Variant[] {
  const fields = op.fields.length ? op.fields : ['id'];
  const all = (value: unknown) => Object.fromEntries(fields.map((f) => [f, value]));
  const queryAll = (value: string) => op.query.map((q) => `${q}=${encodeURIComponent(value)}`).join('&');
  const list: Variant[] = [];
  if (op.method === 'GET') {
    list.push({ label: 'no query', query: '' });
    if (op.query.length) {
      for (const value of [SQLISH, EMOJI, '-1', '1e309', UNKNOWN_UUID, 'x'.repeat(5000), '\u0000']) {
        list.push({ label: `query ${JSON.stringify(value.slice(0, 12))}`, query: queryAll(value) });
      }
    }
    return list;
  }
  list.push({ label: 'empty body', body: {} });
  list.push({ label: 'numbers', body: all(12345) });
  list.push({ label: 'arrays', body: all(['a', 'b']) });
  list.push({ label: 'objects', body: all({ nested: { deep: true } }) });
  list.push({ label: 'nulls', body: all(null) });
  list.push({ label: 'booleans', body: all(true) });
  list.push({ label: 'sql-looking strings', body: all(SQLISH) });
  list.push({ label: 'unicode and emoji', body: all(EMOJI) });
  list.push({ label: 'NUL characters', body: all('abc\u0000def') });
  list.push({ label: 'unknown uuid', body: all(UNKNOWN_UUID) });
  list.push({ label: 'unknown number id', body: all('987654321') });
  list.push({ label: 'malformed JSON', raw: '{"email": ' });
  list.push({ label: 'over 1 MB', body: all('x'.repeat(1024 * 1024 + 10)) });
  return list;
}

describe('bad input on every API route', () => {
  it('finds the routes to test in the API description', () => {
    const paths = operations.map((op) => `${op.method} ${op.path}`);
    expect(paths).toContain('POST /api/auth/login/');
    expect(paths).toContain('GET /api/user/user_data/');
    expect(operations.length).toBeGreaterThanOrEqual(10);
  });

  it('answers 4xx with a message, never 500, and a refused request changes nothing', async () => {
    const failures: string[] = [];
    let checked = 0;
    let precise = 0;
    let session: Session | undefined;
    // The digest sees a write, even one that rewrites a row with its own values.
    const unchanged = await fingerprint();
    expect(await fingerprint()).toBe(unchanged);
    await sql`update organisations set name = name where id = (select min(id) from organisations)`.execute(
      t.database.db,
    );
    expect(await fingerprint()).not.toBe(unchanged);
    const send = (op: Operation, variant: Variant, session: Session) => {
      const url = variant.query ? `${op.path}?${variant.query}` : op.path;
      const headers = { cookie: session.cookie, 'x-csrftoken': session.csrf };
      return variant.raw !== undefined
        ? t.app.inject({
            method: op.method as 'POST',
            url,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: variant.raw,
          })
        : t.app.inject({
            method: op.method as 'POST',
            url,
            headers,
            ...(op.method === 'GET' ? {} : { payload: variant.body as object }),
          });
    };
    for (const op of operations) {
      // One digest before and one after all of a route's variants; only when the data changed (an accepted
      // request may write, or a refused one did) are they sent again, each between two digests, to name it.
      session = await workingSession(session);
      const before = await fingerprint();
      for (const variant of variants(op)) {
        // A working session each time: one that an earlier variant signed out (or otherwise ended) is
        // replaced, so no variant is refused only for want of a session.
        session = await workingSession(session);
        const response = await send(op, variant, session);
        checked += 1;
        const where = `${op.method} ${op.path} [${variant.label}] -> ${response.statusCode}`;
        if (response.statusCode >= 500) {
          failures.push(`${where}: ${response.body.slice(0, 200)}`);
          continue;
        }
        if (response.statusCode >= 400) {
          const body = response.json() as { success?: boolean; message?: unknown };
          if (body.success !== false || typeof body.message !== 'string' || body.message.length < 5) {
            failures.push(`${where}: no readable message: ${response.body.slice(0, 200)}`);
          }
        }
      }
      if ((await fingerprint()) === before) continue;
      precise += 1;
      for (const variant of variants(op)) {
        session = await workingSession(session);
        const beforeOne = await fingerprint();
        const response = await send(op, variant, session);
        const where = `${op.method} ${op.path} [${variant.label}] -> ${response.statusCode}`;
        if (response.statusCode >= 400 && (await fingerprint()) !== beforeOne)
          failures.push(`${where}: data changed by a refused request`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(50);
    // Most routes change nothing at all; were every route sent twice, the digest would be seeing writes
    // that are not there (or the fast path would be pointless).
    expect(precise).toBeLessThan(operations.length / 2);
  }, 240_000);
});
