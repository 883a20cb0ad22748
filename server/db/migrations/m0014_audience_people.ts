import { type Kysely, sql } from 'kysely';

/**
 * The people and accounts listings at scale (a million contacts in an organisation):
 * - stored lower-case name, last name and address of a contact and name of an account, searched by prefix
 *   with a plain LIKE 'word%' on text_pattern_ops indexes (works alike on PGlite and PostgreSQL, no
 *   extension needed; a case-insensitive ILIKE or a contains search would read every row);
 * - (org_id, full_name_lower, id) gives the first page sorted by name from the index, and
 *   (org_id, created_at, id) the default newest-first order;
 * - (org_id, account_id) serves an account's contacts and the accounts' contact counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table contacts
      add column full_name_lower text generated always as (lower(first_name || ' ' || last_name)) stored,
      add column last_name_lower text generated always as (lower(last_name)) stored,
      add column email_lower text generated always as (lower(email)) stored;
    alter table accounts add column name_lower text generated always as (lower(name)) stored;
    create index contacts_org_name_idx on contacts (org_id, full_name_lower, id);
    create index contacts_org_name_prefix_idx on contacts (org_id, full_name_lower text_pattern_ops);
    create index contacts_org_last_name_prefix_idx on contacts (org_id, last_name_lower text_pattern_ops);
    create index contacts_org_email_prefix_idx on contacts (org_id, email_lower text_pattern_ops);
    create index contacts_org_created_idx on contacts (org_id, created_at, id);
    create index contacts_org_account_idx on contacts (org_id, account_id);
    create index accounts_org_name_idx on accounts (org_id, name_lower text_pattern_ops);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists accounts_org_name_idx;
    drop index if exists contacts_org_account_idx;
    drop index if exists contacts_org_created_idx;
    drop index if exists contacts_org_email_prefix_idx;
    drop index if exists contacts_org_last_name_prefix_idx;
    drop index if exists contacts_org_name_prefix_idx;
    drop index if exists contacts_org_name_idx;
    alter table accounts drop column if exists name_lower;
    alter table contacts drop column if exists email_lower, drop column if exists last_name_lower,
      drop column if exists full_name_lower;
  `.execute(db);
}
