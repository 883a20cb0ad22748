import { type Kysely, sql } from 'kysely';

/**
 * The team and the plan settings:
 * - users.removed_at: a user an administrator removed from the organisation. The row stays (what they made
 *   stays the organisation's), their sessions are deleted and they can no longer sign in;
 * - team_invitations: an address invited into an organisation with a role, through a single-use link
 *   mailed to it (key_hash: the key's sha256; one open invitation per address and organisation);
 * - plan_changes: the audit log of every change an internal user made to a user's plan type or feature
 *   flags (field, the value before and after, who changed it and when).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users add column removed_at timestamptz;

    create table team_invitations (
      id serial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      email text not null,
      role text not null constraint team_invitations_role_check check (role in ('admin', 'member')),
      key_hash text not null unique,
      invited_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    );
    create unique index team_invitations_org_email_key on team_invitations (org_id, lower(email));

    create table plan_changes (
      id serial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      changed_by integer references users(id) on delete set null,
      field text not null,
      old_value text not null,
      new_value text not null,
      created_at timestamptz not null default now()
    );
    create index plan_changes_org_idx on plan_changes (org_id, created_at desc, id desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists plan_changes;
    drop table if exists team_invitations;
    alter table users drop column if exists removed_at;
  `.execute(db);
}
