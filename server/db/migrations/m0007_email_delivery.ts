import { type Kysely, sql } from 'kysely';

/**
 * The sending loop (issue 7): one row per marketing email to one contact. Each carries its public
 * tracking token (128 random bits, base64url), the rendered HTML (links rewritten to the click endpoint,
 * the open pixel appended), the original links addressed by index, and its delivery state.
 *
 * dedupe_key is unique: a caller (the workflow runtime, the mailbox form) names the send, and a second
 * queueing with the same key finds the first row instead of sending again.
 *
 * The worker claims rows that are due: status queued or sending (a claimed row whose lease ran out, its
 * process gone) with next_attempt_at <= now. Claiming sets status sending and next_attempt_at to the
 * lease end, so one partial index serves both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table email_send (
      id serial primary key,
      token text not null unique,
      org_id integer not null references organisations(id) on delete cascade,
      contact_id integer not null references contacts(id) on delete cascade,
      email_id integer not null references emails(id) on delete cascade,
      campaign_id integer references campaigns(id) on delete set null,
      workflow_id integer references workflow(id) on delete set null,
      node_id text,
      dedupe_key text not null unique check (char_length(dedupe_key) between 1 and 300),
      preference_uuid uuid,
      to_address text not null,
      from_address text not null,
      from_name text not null,
      subject text not null,
      html text not null,
      links jsonb not null default '[]'::jsonb,
      status text not null default 'queued'
        check (status in ('queued', 'sending', 'delivered', 'suppressed', 'bounced', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      lease_until timestamptz,
      last_error text,
      message_id text not null,
      via text,
      created_at timestamptz not null default now(),
      delivered_at timestamptz
    );
    create index email_send_due_idx on email_send (next_attempt_at) where status in ('queued', 'sending');
    create index email_send_org_idx on email_send (org_id, id desc);
    create index email_send_contact_idx on email_send (contact_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists email_send;`.execute(db);
}
