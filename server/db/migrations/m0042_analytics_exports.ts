import { type Kysely, sql } from 'kysely';

/**
 * Analytics exports: a report written to a file by a background job (server/services/analytics/
 * ExportJobs.ts), kept 7 days under DATA_DIR/exports behind a link whose token only the email to the
 * user carries (the row keeps its sha256).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table analytics_exports (
      id serial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      report text not null,
      format text not null check (format in ('csv', 'xlsx')),
      params jsonb not null,
      status text not null default 'queued' check (status in ('queued', 'ready', 'failed')),
      token_hash text unique,
      file_name text,
      rows integer,
      error text,
      created_at timestamptz not null default now(),
      expires_at timestamptz
    );
    create index analytics_exports_expiry_idx on analytics_exports (expires_at) where expires_at is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists analytics_exports`.execute(db);
}
