import { type Kysely, sql } from 'kysely';

/**
 * Audience lists keep their place in the Lists screen: `position` orders an organisation's lists (highest
 * first). A new list takes the top (max + 1); a clone takes the original's position - 1 after the lists
 * below it move down one, so it sits right after the original. `last_used_by` / `last_used_at` record the
 * last send to the list (null until one). Existing lists are numbered oldest first, so newest is first.
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
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists list_contacts_contact_idx;
    drop index if exists contact_lists_org_position_idx;
    alter table contact_lists drop column position, drop column last_used_by, drop column last_used_at;
  `.execute(db);
}
