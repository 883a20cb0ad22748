import { type Kysely, sql } from 'kysely';

/** Where each user stands in each area's tour (its onboarding key), so a tour resumes on any device. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table onboarding_steps (
      user_id integer not null references users(id) on delete cascade,
      key text not null,
      step integer not null check (step >= 0),
      updated_at timestamptz not null default now(),
      primary key (user_id, key)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists onboarding_steps`.execute(db);
}
