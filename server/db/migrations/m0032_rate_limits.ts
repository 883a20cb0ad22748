import { type Kysely, sql } from 'kysely';

/**
 * The rate limits of every process in one place (server/lib/RateLimiter.ts): per limited key (a route and
 * a client address, a person's test sends; hashed), the end of its current window and how much of the
 * limit the processes have taken in it. Unlogged on PostgreSQL: counts a crash may lose, in exchange for no
 * write-ahead log on the busiest public URLs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create unlogged table rate_limits (
      key text primary key,
      window_ends timestamptz not null,
      used bigint not null,
      touched_at timestamptz not null
    );
    create index rate_limits_window_ends_idx on rate_limits (window_ends);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rate_limits`.execute(db);
}
