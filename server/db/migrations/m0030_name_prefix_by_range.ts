import { type Kysely, sql } from 'kysely';
import { ordersByCodePoint } from '../ordersByCodePoint.ts';

/**
 * Fewer indexes for every contact write (an import above all), where the database's collation orders text
 * by code point (ordersByCodePoint: C and POSIX, as on PGlite; C.UTF-8; the builtin provider). There the
 * contacts whose full name starts with a word are one range of the plain name index (org_id,
 * full_name_lower, id) and of each tab's partial one, already in name order, so two indexes on the full
 * name serve nothing the search still reads:
 * - contacts_org_name3_name_idx (m0029): a searched page sorted by name reads the full-name matches as that
 *   range (nameStreamIds);
 * - contacts_org_name_prefix_idx (m0014, text_pattern_ops): the probe and the sparse gather read the same
 *   range of the plain name index (nameStartsWith).
 * Under any other collation both stay: there the matches of a prefix are not together in name order.
 * The last-name and address indexes all stay: their stream indexes hold only the first three characters,
 * so a longer rare search (an address) would read every contact of its three-character range instead of
 * its own few.
 * Which path the queries take is decided by the same collation test, never by the indexes present: a
 * database that still has the indexes is only slower to write.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(await ordersByCodePoint(db))) return;
  await sql`
    drop index if exists contacts_org_name3_name_idx;
    drop index if exists contacts_org_name_prefix_idx;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index if not exists contacts_org_name_prefix_idx on contacts (org_id, full_name_lower text_pattern_ops);
    create index if not exists contacts_org_name3_name_idx
      on contacts (org_id, left(full_name_lower, 3) text_pattern_ops, ((personality_type is null)::int), full_name_lower, id);
  `.execute(db);
}
