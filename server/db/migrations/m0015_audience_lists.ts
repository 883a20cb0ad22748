import { type Kysely, sql } from 'kysely';

/**
 * Audience lists keep their place in the Lists screen: `position` orders an organisation's lists (highest
 * first). A new list takes the top (max + 1); a clone takes the original's position - 1 after the lists
 * below it move down one, so it sits right after the original. `last_used_by` / `last_used_at` record the
 * last send to the list (null until one). Existing lists are numbered oldest first, so newest is first.
 * CSV imports of contacts: the import (a background job with its progress), its file in pieces, and its
 * refused rows with their reasons.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table contact_lists add column position integer not null default 0,
      add column last_used_by integer references users(id) on delete set null,
      add column last_used_at timestamptz;
    update contact_lists l set position = n.position from (
      select id, row_number() over (partition by org_id order by created_at, id) as position from contact_lists
    ) n where n.id = l.id;
    create index contact_lists_org_position_idx on contact_lists (org_id, position desc, id desc);
    create index list_contacts_contact_idx on list_contacts (contact_id);

    create table audience_imports (
      id serial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      list_id integer references contact_lists(id) on delete set null,
      file_name text not null,
      status text not null default 'uploading'
        check (status in ('uploading', 'queued', 'running', 'done', 'failed')),
      mapping jsonb not null default '{}',
      headers jsonb not null default '[]',
      has_header boolean not null default true,
      total_rows integer not null default 0,
      processed_rows integer not null default 0,
      inserted integer not null default 0,
      updated integer not null default 0,
      refused integer not null default 0,
      error text,
      lease_until timestamptz,
      created_at timestamptz not null default now(),
      finished_at timestamptz
    );
    create index audience_imports_due_idx on audience_imports (id) where status in ('queued', 'running');
    create table audience_import_chunks (
      import_id integer not null references audience_imports(id) on delete cascade,
      seq integer not null,
      body text not null,
      primary key (import_id, seq)
    );
    create table audience_import_refusals (
      import_id integer not null references audience_imports(id) on delete cascade,
      row_number integer not null,
      reason text not null,
      cells jsonb not null,
      primary key (import_id, row_number)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists audience_import_refusals, audience_import_chunks, audience_imports;
    drop index if exists list_contacts_contact_idx;
    drop index if exists contact_lists_org_position_idx;
    alter table contact_lists drop column position, drop column last_used_by, drop column last_used_at;
  `.execute(db);
}
