import { type Kysely, sql } from 'kysely';

/**
 * Sending an edition through the user's own Outlook mailbox ("Publish data", "Outlook connection"):
 * - outlook_auth_states: one-time OAuth states (stored as their SHA-256, never the state itself), bound to
 *   the signed-in user, with the PKCE code_verifier (encrypted) and the edition to return to; they expire
 *   after 10 minutes and are used once;
 * - outlook_connections: one connected mailbox per user, its tokens encrypted (AES-256-GCM with
 *   OUTLOOK_TOKEN_KEY; the columns never hold the token text), and whether the connection is broken;
 * - email_versions.outlook_route: the edition is sent through its sender's connected mailbox;
 * - edition_sends.outlook_user_id and email_send.outlook_user_id: the mailbox (its user) a send and each of
 *   its messages go through; null is the usual transport (SMTP or the demo mailbox).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table outlook_auth_states (
      state_hash text primary key,
      user_id integer not null references users(id) on delete cascade,
      org_id integer not null references organisations(id) on delete cascade,
      code_verifier text not null,
      version_id integer references email_versions(id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index outlook_auth_states_expiry_idx on outlook_auth_states (expires_at);

    create table outlook_connections (
      user_id integer primary key references users(id) on delete cascade,
      org_id integer not null references organisations(id) on delete cascade,
      email_address text not null,
      display_name text not null default '',
      access_token text not null,
      refresh_token text not null,
      expires_at timestamptz not null,
      status text not null default 'connected' check (status in ('connected', 'error')),
      error text,
      connected_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    alter table email_versions add column outlook_route boolean not null default false;
    alter table edition_sends add column outlook_user_id integer references users(id) on delete set null;
    alter table email_send add column outlook_user_id integer references users(id) on delete set null;
    create index email_send_outlook_idx on email_send (outlook_user_id, created_at) where outlook_user_id is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists email_send_outlook_idx;
    alter table email_send drop column if exists outlook_user_id;
    alter table edition_sends drop column if exists outlook_user_id;
    alter table email_versions drop column if exists outlook_route;
    drop table if exists outlook_connections;
    drop table if exists outlook_auth_states;
  `.execute(db);
}
