import { type Kysely, sql } from 'kysely';

/**
 * Senders an organisation manages itself, and who may manage them:
 * - users.role: 'admin' or 'member'. The first user of an organisation (the one who signed it up) is its
 *   administrator; users added later are members. Existing organisations' first users become admins here;
 * - sender_address_requests: a From address waiting for the single-use link mailed to it (key_hash: the
 *   key's sha256; one open request per address and organisation). Opening the link moves the address to
 *   verified_addresses, which hold only verified senders;
 * - every organisation without any sender gets its first user's address (confirmed at sign-up) as its
 *   verified default sender, named after that user, as a new sign-up now does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users add column role text not null default 'member'
      constraint users_role_check check (role in ('admin', 'member'));
    update users set role = 'admin' where id in (
      select distinct on (org_id) id from users order by org_id, created_at, id
    );

    create table sender_address_requests (
      id serial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      address text not null,
      sender_name text not null default '',
      key_hash text not null unique,
      requested_by integer references users(id) on delete set null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    );
    create unique index sender_address_requests_org_address_key
      on sender_address_requests (org_id, lower(address));

    insert into verified_addresses (org_id, address, sender_name, is_default)
    select distinct on (u.org_id) u.org_id, u.email, trim(u.first_name || ' ' || u.last_name), true
      from users u
     where not exists (select 1 from verified_addresses a where a.org_id = u.org_id)
     order by u.org_id, u.created_at, u.id;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists sender_address_requests;
    alter table users drop column if exists role;
  `.execute(db);
}
