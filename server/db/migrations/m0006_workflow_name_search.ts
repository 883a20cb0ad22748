import { type Kysely, sql } from 'kysely';

/**
 * The workflow list's name search (issue 5 performance): a stored lower(name) column, searched with a
 * plain LIKE (a case-insensitive ILIKE lower-cases every name on every search and costs about three
 * times as much), and an index (user_id, status, name_lower) that covers the list's counts, so that
 * total_count and total_active_count come from one index scan of the user's rows (no trigram index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table workflow add column name_lower text generated always as (lower(name)) stored;
    create index workflow_user_status_name_idx on workflow (user_id, status, name_lower);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists workflow_user_status_name_idx;
    alter table workflow drop column if exists name_lower;
  `.execute(db);
}
