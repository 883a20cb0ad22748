import { type QueryExecutorProvider, sql } from 'kysely';

const known = new WeakMap<QueryExecutorProvider, Promise<boolean>>();

/**
 * True when the database's default collation orders text by code point, i.e. as the bytes of its UTF-8
 * compare: libc's C and POSIX (PGlite's), libc's C.UTF-8, or PostgreSQL 17's builtin provider. There the
 * values that start with a word are exactly those in [word, the word with its last character's successor)
 * and lie together in the order of a plain index, so a prefix search can read a range of it in that order.
 * Any other collation (a language's, or ICU's) can put other values among them. Asked once per database.
 */
export function ordersByCodePoint(db: QueryExecutorProvider): Promise<boolean> {
  let answer = known.get(db);
  if (!answer) {
    answer = readCollation(db);
    known.set(db, answer);
    // A failed read (the connection dropped) is asked again next time, not remembered.
    answer.catch(() => known.delete(db));
  }
  return answer;
}

async function readCollation(db: QueryExecutorProvider): Promise<boolean> {
  // datlocprovider exists from PostgreSQL 15 on (before, every database used libc).
  const { rows } = await sql<{ provider: string | null; collate: string }>`
    select to_jsonb(d) ->> 'datlocprovider' as provider, d.datcollate as collate
    from pg_database d where d.datname = current_database()`.execute(db);
  const row = rows[0];
  if (!row) return false;
  if (row.provider === 'b') return true;
  return (row.provider ?? 'c') === 'c' && /^(c|posix|c\.utf-?8)$/i.test(row.collate);
}
