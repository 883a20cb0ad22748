import { type Kysely, sql } from 'kysely';

/**
 * Security hardening:
 * - outbox: the text and HTML bodies are what anyone reading the outbox may see, one-time secrets (a
 *   password-reset or sign-up link) redacted; the full message, needed only to deliver it over SMTP, waits
 *   in private_text_body / private_html_body and is cleared once delivered or failed. Reset links already
 *   written in the clear are redacted here;
 * - verified_addresses: addresses an organisation has shown it controls besides its users' own (test sends
 *   may go to them and come from them);
 * - pending_signups: a sign-up waits here until the link mailed to its address is opened (no account, and
 *   no answer that tells whether the address already had one, before that);
 * - login_throttle: failed sign-ins per address and per address and IP, for the growing delay between tries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table outbox add column private_text_body text, add column private_html_body text;
    update outbox set
      text_body = regexp_replace(text_body, '/resetPassword/[A-Za-z0-9_-]+', '/resetPassword/[redacted]', 'g'),
      html_body = regexp_replace(html_body, '/resetPassword/[A-Za-z0-9_-]+', '/resetPassword/[redacted]', 'g')
      where kind = 'password_reset';

    create table verified_addresses (
      id serial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      address text not null,
      verified_at timestamptz not null default now(),
      created_at timestamptz not null default now()
    );
    create unique index verified_addresses_org_address_key on verified_addresses (org_id, lower(address));

    create table pending_signups (
      key_hash text primary key,
      email text not null,
      first_name text not null,
      last_name text not null,
      organisation_name text not null,
      password_hash text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    );
    create index pending_signups_expires_idx on pending_signups (expires_at);

    create table login_throttle (
      key text primary key,
      failures integer not null,
      last_failure_at timestamptz not null,
      next_attempt_at timestamptz not null
    );
    create index login_throttle_last_failure_idx on login_throttle (last_failure_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists login_throttle;
    drop table if exists pending_signups;
    drop table if exists verified_addresses;
    alter table outbox drop column if exists private_text_body, drop column if exists private_html_body;
  `.execute(db);
}
