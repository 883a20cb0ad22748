import { type Kysely, sql } from 'kysely';

/** What recipients do on the public preference pages (toggles, unsubscribe-all clicks), recorded by unsubscribe_page_events/. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table preference_events (
      id serial primary key,
      uuid uuid not null references preferences(uuid) on delete cascade,
      key text not null,
      status text not null,
      payload jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now()
    );
    create index preference_events_uuid_idx on preference_events (uuid, created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists preference_events;`.execute(db);
}
