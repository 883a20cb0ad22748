import { type Kysely, sql } from 'kysely';

/** Messages people send from the floating support-chat widget; internal admins read them at /admin/support. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table support_messages (
      id serial primary key,
      user_id integer not null references users(id) on delete cascade,
      org_id integer not null references organisations(id) on delete cascade,
      message text not null,
      page_path text,
      created_at timestamptz not null default now()
    );
    create index support_messages_user_idx on support_messages (user_id, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists support_messages;`.execute(db);
}
