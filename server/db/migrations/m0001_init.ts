import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table organisations (
      id serial primary key,
      name text not null,
      logo_image_url text,
      privacy_url text,
      contact_url text,
      created_at timestamptz not null default now()
    );

    create table users (
      id serial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      email text not null,
      password_hash text not null,
      first_name text not null,
      last_name text not null,
      signup_app_name text not null default 'workbench',
      plan_type text,
      export_widget_permission boolean not null default false,
      has_share_profile_perm boolean not null default false,
      has_daily_iq_perm boolean not null default false,
      has_weekly_account_insight_perm boolean not null default false,
      sales_x_usage_permission boolean not null default false,
      first_login_workbench boolean not null default true,
      show_msg boolean not null default true,
      internal_level integer not null default 0 check (internal_level between 0 and 2),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index users_email_key on users (lower(email));

    create table sessions (
      id text primary key,
      user_id integer not null references users(id) on delete cascade,
      csrf_token text not null,
      user_agent text,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    );
    create index sessions_user_idx on sessions (user_id);
    create index sessions_expires_idx on sessions (expires_at);

    create table password_resets (
      key_hash text primary key,
      user_id integer not null references users(id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );

    create table outbox (
      id serial primary key,
      org_id integer references organisations(id) on delete set null,
      kind text not null,
      to_address text not null,
      subject text not null,
      text_body text not null,
      html_body text,
      status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed', 'kept')),
      attempts integer not null default 0,
      last_error text,
      created_at timestamptz not null default now(),
      sent_at timestamptz
    );
    create index outbox_status_idx on outbox (status, id);

    create table accounts (
      id serial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      name text not null,
      website text,
      industry text,
      revenue text,
      created_at timestamptz not null default now()
    );

    create table contacts (
      id serial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      account_id integer references accounts(id) on delete set null,
      first_name text not null,
      last_name text not null,
      email text not null,
      designation text,
      phone_number text,
      industry text,
      personality_type text check (personality_type in ('Dominant', 'Influencer', 'Steady', 'Conscientious', 'Others')),
      personality text not null default 'N/A',
      buyer_stage text not null,
      status text not null default 'Subscribed' check (status in ('Subscribed', 'Hard Bounce', 'Unsubscribed')),
      engagement_score integer not null default 0,
      linkedin_url text,
      twitter_url text,
      created_at timestamptz not null default now()
    );
    create unique index contacts_org_email_key on contacts (org_id, lower(email));

    create table contact_lists (
      id serial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      name text not null,
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index contact_lists_org_name_key on contact_lists (org_id, lower(name));

    create table list_contacts (
      list_id integer not null references contact_lists(id) on delete cascade,
      contact_id integer not null references contacts(id) on delete cascade,
      added_at timestamptz not null default now(),
      primary key (list_id, contact_id)
    );

    create table campaigns (
      id serial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      name text not null,
      thumbnail text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table emails (
      id serial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      campaign_id integer references campaigns(id) on delete set null,
      name text not null,
      subject text not null,
      email_type integer not null check (email_type in (0, 1, 2)),
      design_ready boolean not null default false,
      sent_from text not null,
      sender_name text not null,
      thumbnail text,
      email_platform text not null default 'workbench',
      html text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index emails_user_idx on emails (user_id, email_type);

    create table subscription_topics (
      id serial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      kind text not null check (kind in ('alert', 'newsletter')),
      name text not null,
      position integer not null default 0,
      unique (org_id, kind, name)
    );

    create table preferences (
      uuid uuid primary key,
      org_id integer not null references organisations(id) on delete cascade,
      contact_id integer references contacts(id) on delete set null,
      email text not null,
      marketing boolean not null default true,
      webinars boolean not null default true,
      unsub_all boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table preference_topics (
      preference_uuid uuid not null references preferences(uuid) on delete cascade,
      topic_id integer not null references subscription_topics(id) on delete cascade,
      subscribed boolean not null,
      primary key (preference_uuid, topic_id)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists preference_topics, preferences, subscription_topics, emails, campaigns,
      list_contacts, contact_lists, contacts, accounts, outbox, password_resets, sessions, users, organisations;
  `.execute(db);
}
