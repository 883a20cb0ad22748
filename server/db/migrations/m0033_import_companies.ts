import { type Kysely, sql } from 'kysely';

/**
 * What a CSV import brings besides the person, and how it runs on pg-boss:
 * - contacts.country, and contacts.custom_fields (jsonb, name -> text): the one place a contact keeps the
 *   columns of an imported file that are no contact field, shown on the person's detail.
 * - accounts.domain: the lower-case host of the account's website without "www." (stored, generated), with
 *   an index per organisation, so an import matches a company by its website's domain when its name is
 *   new. ACCOUNT_DOMAIN_PATTERN in domain/contactImport.ts is the same pattern.
 * - audience_imports: the choice for an email the file repeats (duplicate_policy: first, last or skip), the
 *   columns kept as custom fields, the separator, the rows left out as duplicates and the empty rows, and
 *   where the job is in the file (cursor_char, the character after the last row written, and scanned:
 *   the duplicates are known). The job runs on pg-boss, so the lease and the index the old poll read go.
 * - audience_import_refusals.kind: a row refused by the check, or left out as a duplicate.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table contacts
      add column country text,
      add column custom_fields jsonb not null default '{}';
    alter table accounts add column domain text generated always as (
      nullif(lower(substring(website from '^\\s*(?:[A-Za-z][A-Za-z0-9+.-]*://)?(?:www\\.)?([^/:?#\\s]+)')), '')
    ) stored;
    create index accounts_org_domain_idx on accounts (org_id, domain) where domain is not null;
    alter table audience_imports
      add column duplicate_policy text not null default 'first' check (duplicate_policy in ('first', 'last', 'skip')),
      add column custom_columns jsonb not null default '[]',
      add column delimiter text,
      add column duplicates integer not null default 0,
      add column empty_rows integer not null default 0,
      add column cursor_char integer not null default 0,
      add column scanned boolean not null default false,
      drop column lease_until;
    drop index if exists audience_imports_due_idx;
    alter table audience_import_refusals
      add column kind text not null default 'refused' check (kind in ('refused', 'duplicate'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table audience_import_refusals drop column if exists kind;
    alter table audience_imports
      add column if not exists lease_until timestamptz,
      drop column if exists duplicate_policy,
      drop column if exists custom_columns,
      drop column if exists delimiter,
      drop column if exists duplicates,
      drop column if exists empty_rows,
      drop column if exists cursor_char,
      drop column if exists scanned;
    create index if not exists audience_imports_due_idx on audience_imports (id)
      where status in ('queued', 'running');
    drop index if exists accounts_org_domain_idx;
    alter table accounts drop column if exists domain;
    alter table contacts drop column if exists custom_fields, drop column if exists country;
  `.execute(db);
}
