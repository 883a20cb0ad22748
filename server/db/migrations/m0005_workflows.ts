import { type Kysely, sql } from 'kysely';

/**
 * Automation (issue 5): workflows, the emails mapped to them, share profiles, and the email events the
 * sending loop (issue 7) records and the workflow email graph reads.
 *
 * The workflow list (newest first, by user, optional status filter and name search) reads
 * workflow_user_idx / workflow_user_status_idx backwards; a name search is an ilike over one user's
 * rows (no trigram index: 10,000 rows of one user scan in a few milliseconds, see BENCHMARKS.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table share_profile (
      uuid uuid primary key,
      org_id integer not null references organisations(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      name text not null check (char_length(name) between 1 and 200),
      config jsonb not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index share_profile_org_idx on share_profile (org_id, name);

    create table workflow (
      id serial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      name text not null check (char_length(name) between 1 and 200),
      status text not null default 'draft' check (status in ('draft', 'active', 'inactive')),
      trigger_id integer not null check (trigger_id in (7, 8, 9, 10, 11, 14)),
      email_id integer references emails(id) on delete set null,
      list_id integer references contact_lists(id) on delete set null,
      sp_uuid uuid references share_profile(uuid) on delete set null,
      flow jsonb not null default '{}'::jsonb,
      node_count integer not null default 0,
      newly_added_nodes jsonb not null default '[]'::jsonb,
      recently_published_at timestamptz,
      trigger_email_sent boolean not null default false,
      version integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index workflow_user_idx on workflow (user_id, id desc);
    create index workflow_user_status_idx on workflow (user_id, status, id desc);
    create index workflow_email_idx on workflow (email_id) where email_id is not null;

    create table workflow_email (
      workflow_id integer not null references workflow(id) on delete cascade,
      email_id integer not null references emails(id) on delete cascade,
      primary key (workflow_id, email_id)
    );
    create index workflow_email_email_idx on workflow_email (email_id);

    create table email_event (
      id bigserial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      kind text not null check (kind in ('sent', 'delivered', 'opened', 'clicked', 'bounced', 'unsubscribed')),
      contact_id integer references contacts(id) on delete set null,
      email_id integer references emails(id) on delete set null,
      campaign_id integer references campaigns(id) on delete set null,
      workflow_id integer references workflow(id) on delete set null,
      node_id text,
      link text,
      user_agent text,
      occurred_at timestamptz not null default now()
    );
    create index email_event_workflow_idx on email_event (workflow_id, occurred_at);
    create index email_event_email_idx on email_event (email_id, occurred_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists email_event, workflow_email, workflow, share_profile;`.execute(db);
}
