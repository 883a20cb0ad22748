import { type Kysely, sql } from 'kysely';

/**
 * The account-email outbox joins the marketing queue's claim / lease / settle rules: a claimed row is
 * leased (lease_until) and becomes due again (next_attempt_at) when its lease runs out, so a process that
 * died mid-send never strands it in `sending`; a failure waits with back-off. Rows already stuck in
 * `sending` are due again now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table outbox add column next_attempt_at timestamptz not null default now(),
      add column lease_until timestamptz;
    update outbox set status = 'queued' where status = 'sending';
    create index outbox_due_idx on outbox (next_attempt_at, id) where status in ('queued', 'sending');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists outbox_due_idx;
    alter table outbox drop column next_attempt_at, drop column lease_until;
  `.execute(db);
}
