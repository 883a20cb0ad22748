import { type Kysely, sql } from 'kysely';

/**
 * Saved analytics filters (save_filter/): a report's filter kept under an id (fs_id in the address), so a
 * colleague of the same organisation opens the same report. Temporary ones (the screen saves one for each
 * report link) are removed once unused for 30 days, when the organisation saves another.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table analytics_saved_filters (
      id serial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      user_id integer references users(id) on delete set null,
      name text not null,
      saved_data jsonb not null,
      is_temporary boolean not null default true,
      created_at timestamptz not null default now(),
      last_used_at timestamptz not null default now()
    );
    create index analytics_saved_filters_org_idx on analytics_saved_filters (org_id, is_temporary, last_used_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists analytics_saved_filters`.execute(db);
}
