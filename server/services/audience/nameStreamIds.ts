import { type Kysely, type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import type { PeopleScope } from '../../../domain/audiencePeople.ts';
import type { Database } from '../../db/schema.ts';
import { matchingAccountIds, prefixPattern, prefixRange, scopeWhere } from './peopleScope.ts';

type Db = Kysely<Database> | Transaction<Database>;

type OrderableQuery = {
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's orderBy overloads
  orderBy: (...args: any[]) => any;
};

/**
 * How many leading characters the search-stream indexes of the last name and the address hold (and the
 * full name's, on a database whose collation does not order by code point): migration m0029.
 */
export const STREAM_PREFIX_CHARS = 3;

export type StreamedColumn = 'name' | 'last' | 'email';

/**
 * `full_name_lower` (of `alias` when given) starts with the word. Where the collation orders by code
 * point, also written as its range, so that the plain and per-tab name indexes read it in name order on
 * PostgreSQL whatever the locale's name (its planner turns a LIKE into a range only for "C" and "POSIX").
 */
export function nameStartsWith(word: string, byCodePoint: boolean, alias?: string): RawBuilder<SqlBool> {
  const column = sql.ref(alias ? `${alias}.full_name_lower` : 'full_name_lower');
  const like = sql<SqlBool>`${column} like ${prefixPattern(word)}`;
  if (!byCodePoint) return like;
  const { from, to } = prefixRange(word);
  return to === null
    ? sql<SqlBool>`(${like} and ${column} >= ${from})`
    : sql<SqlBool>`(${like} and ${column} >= ${from} and ${column} < ${to})`;
}

/**
 * The first `want` ids of a dense search in name order (ASC or DESC, then id), wherever its matches sit in
 * that order. Each searched column gives streams already in name order, each stopping after `want` rows
 * (filtered by the scope's filters):
 * - the full name, where the collation orders by code point (`byCodePoint`): the contacts whose name starts
 *   with the whole word are one range of the tab's name index (the plain one for All, the tab's partial
 *   one otherwise), read in order;
 * - the last name, the address, and the full name under another collation: one stream per tab (profiled,
 *   unprofiled), the contacts whose column starts with the search's first three characters, read from
 *   (org_id, left(column, 3), (personality_type is null)::int, full_name_lower, id) and filtered by the whole
 *   prefix.
 * A column the probe found sparse (at most a couple of thousand matches, not in `streamed`) is gathered
 * from its prefix index instead, and so is the company branch (the contacts of the accounts whose name
 * matches). The page is the first `want` distinct ids of all these merged in name order: each of them is
 * among its own stream's first `want`.
 */
export async function nameStreamIds(
  db: Db,
  orgId: number,
  scope: PeopleScope,
  options: { descending: boolean; want: number; streamed: Set<StreamedColumn>; byCodePoint: boolean },
): Promise<number[]> {
  const { descending, want, streamed, byCodePoint } = options;
  const pattern = prefixPattern(scope.searchWord);
  const letters = Array.from(scope.searchWord.toLowerCase());
  const head = letters.slice(0, STREAM_PREFIX_CHARS).join('');
  const exactHead = letters.length === STREAM_PREFIX_CHARS;
  const direction = descending ? 'desc' : 'asc';
  const unsearched = { ...scope, searchWord: '' };
  const columns = { name: 'full_name_lower', last: 'last_name_lower', email: 'email_lower' } as const;
  const base = (ignoreTab: boolean) =>
    db
      .selectFrom('contacts as c')
      .select(['c.id', 'c.full_name_lower as key'])
      .where((eb) => scopeWhere(eb, { orgId, scope: unsearched, ignoreTab }));
  const ordered = <Q extends OrderableQuery & { limit: (n: number) => Q }>(query: Q) =>
    (query.orderBy(sql.ref('c.full_name_lower'), direction).orderBy('c.id', direction) as Q).limit(want);
  const parts = [ordered(base(false).where('c.account_id', 'in', matchingAccountIds(db, orgId, pattern)))];
  for (const name of ['name', 'last', 'email'] as const) {
    const column = columns[name];
    if (name === 'name' && byCodePoint) {
      parts.push(ordered(base(false).where(nameStartsWith(scope.searchWord, true, 'c'))));
      continue;
    }
    if (!streamed.has(name)) {
      // Sparse: its few matches from the column's prefix index, then sorted.
      parts.push(ordered(base(false).where(`c.${column}`, 'like', pattern)));
      continue;
    }
    const prefix = sql`left(${sql.ref(`c.${column}`)}, ${sql.lit(STREAM_PREFIX_CHARS)})`;
    const tabs = scope.tab === 'all' ? [0, 1] : [scope.tab === 'unprofiled' ? 1 : 0];
    for (const unprofiled of tabs) {
      // The prefix as a one-value range ordered by ~<~ (not "=", which the planner would drop from the
      // order): only the stream index gives this order, so the planner cannot choose to walk the plain
      // name index instead.
      const stream = base(true)
        .where(sql<boolean>`${prefix} ~>=~ ${head} and ${prefix} ~<=~ ${head}`)
        .where(sql<boolean>`(c.personality_type is null)::int = ${sql.lit(unprofiled)}`)
        .$if(!exactHead, (q) => q.where(`c.${column}`, 'like', pattern))
        .orderBy(sql`${prefix} using ${sql.raw(descending ? '~>~' : '~<~')}`);
      parts.push(ordered(stream));
    }
  }
  // One statement per stream: planning them as one UNION costs PGlite more than running them.
  const streams = await Promise.all(parts.map((part) => part.execute()));
  const found = streams.flat();
  if (found.length === 0) return [];
  // Merged in the database, in the column's collation (the order the streams came in).
  const { rows } = await sql<{ id: number }>`
    select id from unnest(${found.map((row) => row.id)}::int[], ${found.map((row) => row.key)}::text[])
      as u (id, key)
    order by key ${sql.raw(direction)}, id ${sql.raw(direction)}`.execute(db);
  return [...new Set(rows.map((row) => row.id))].slice(0, want);
}
