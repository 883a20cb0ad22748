import { type Kysely, sql } from 'kysely';

/**
 * The campaign list's name search (like the workflow list's, m0006): a stored lower(name) column searched
 * with a plain LIKE on a lower-cased pattern (an ILIKE folds every name on every search: about three times
 * the cost, 50-70 ms over 10,000 campaigns on PGlite).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table campaigns add column name_lower text generated always as (lower(name)) stored;
    analyze campaigns;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table campaigns drop column if exists name_lower;`.execute(db);
}
