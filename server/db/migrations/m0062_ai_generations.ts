import { type Kysely, sql } from 'kysely';

/**
 * AI emails (create_ai_email/ and its calls): a generation is one prompt written for an audience, one
 * variant per personality of the audience. Each variant is an ordinary email (email_type 2) with its
 * edition and designer document, linked by generation_id and carrying its personality_type. The prompt,
 * what was asked of the composer and what it wrote are kept on the generation for audit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ai_generation (
      id serial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      -- The client's id of the request (a uuid): progress and cancel name the generation by it.
      ai_id text not null,
      campaign_id integer references campaigns(id) on delete set null,
      -- create_campaign_flag: the campaign made when the variants are saved (nothing before).
      new_campaign_name text,
      name text not null,
      prompt text not null,
      audience_contact_ids integer[] not null default '{}',
      audience_list_ids integer[] not null default '{}',
      personalities text[] not null default '{}',
      emails_to text not null default '',
      composer text not null,
      state text not null default 'running'
        check (state in ('running', 'done', 'failed', 'cancelled')),
      done integer not null default 0,
      total integer not null default 0,
      error text,
      -- What the composer was asked and wrote, per personality and per regeneration (audit).
      outputs jsonb not null default '[]',
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      finished_at timestamptz,
      reviewed_at timestamptz,
      reviewed_by integer references users(id) on delete set null,
      unique (org_id, ai_id)
    )
  `.execute(db);
  await sql`create index ai_generation_running on ai_generation (created_at) where state = 'running'`.execute(
    db,
  );
  await sql`
    alter table emails
      add column generation_id integer references ai_generation(id) on delete set null,
      add column personality_type text,
      add column is_reviewed boolean not null default false,
      add column last_visited timestamptz
  `.execute(db);
  await sql`create index emails_generation on emails (generation_id) where generation_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists emails_generation`.execute(db);
  await sql`
    alter table emails
      drop column if exists generation_id,
      drop column if exists personality_type,
      drop column if exists is_reviewed,
      drop column if exists last_visited
  `.execute(db);
  await sql`drop table if exists ai_generation`.execute(db);
}
