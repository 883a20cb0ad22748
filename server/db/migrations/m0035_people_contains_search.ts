import { type Kysely, sql } from 'kysely';

/**
 * People search matches anywhere in a name, an address (its domain too) or a company's name, not only at
 * the start (server/services/audience/peopleQueries.ts): trigram GIN indexes (pg_trgm, which PGlite ships
 * and PostgreSQL has in its contrib package) on the lower-case full name and address of contacts and name
 * of accounts answer `like '%word%'`. The prefix indexes of the earlier search go: the three-character
 * stream indexes (m0029), the full name's, last name's and address's text_pattern_ops indexes (m0014;
 * m0030 dropped some of them already where the collation orders by code point). Every contact write
 * maintains two GIN indexes instead of up to five B-trees.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
  } catch (error) {
    throw new Error(
      `People search needs the PostgreSQL extension pg_trgm (Debian: the postgresql-contrib package; the database owner may create it): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  await sql`
    create index contacts_org_name_trgm_idx on contacts using gin (full_name_lower gin_trgm_ops);
    create index contacts_org_email_trgm_idx on contacts using gin (email_lower gin_trgm_ops);
    create index accounts_name_trgm_idx on accounts using gin (name_lower gin_trgm_ops);
    drop index if exists contacts_org_name3_name_idx;
    drop index if exists contacts_org_last3_name_idx;
    drop index if exists contacts_org_email3_name_idx;
    drop index if exists contacts_org_name_prefix_idx;
    drop index if exists contacts_org_last_name_prefix_idx;
    drop index if exists contacts_org_email_prefix_idx;
    analyze contacts;
    analyze accounts;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists accounts_name_trgm_idx;
    drop index if exists contacts_org_email_trgm_idx;
    drop index if exists contacts_org_name_trgm_idx;
    create index if not exists contacts_org_name_prefix_idx on contacts (org_id, full_name_lower text_pattern_ops);
    create index if not exists contacts_org_last_name_prefix_idx on contacts (org_id, last_name_lower text_pattern_ops);
    create index if not exists contacts_org_email_prefix_idx on contacts (org_id, email_lower text_pattern_ops);
    create index if not exists contacts_org_last3_name_idx
      on contacts (org_id, left(last_name_lower, 3) text_pattern_ops, ((personality_type is null)::int), full_name_lower, id);
    create index if not exists contacts_org_email3_name_idx
      on contacts (org_id, left(email_lower, 3) text_pattern_ops, ((personality_type is null)::int), full_name_lower, id);
  `.execute(db);
}
