import { type Kysely, sql } from 'kysely';

/**
 * Sales-team groups ("Sales group"): groups of an organisation's users. A group's name is unique in
 * its organisation (case-insensitive). is_deletable is false for the organisation's default team only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sales_groups (
      id serial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      name text not null,
      is_deletable boolean not null default true,
      created_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index sales_groups_org_name_key on sales_groups (org_id, lower(name));
    create index sales_groups_org_recent_idx on sales_groups (org_id, created_at desc, id desc);
    create table sales_group_users (
      group_id integer not null references sales_groups(id) on delete cascade,
      user_id integer not null references users(id) on delete cascade,
      added_at timestamptz not null default now(),
      primary key (group_id, user_id)
    );
    create index sales_group_users_user_idx on sales_group_users (user_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sales_group_users; drop table if exists sales_groups;`.execute(db);
}
