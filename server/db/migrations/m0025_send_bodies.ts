import { type Kysely, sql } from 'kysely';

/**
 * One stored body per distinct email content instead of a full HTML copy per recipient:
 * - email_bodies: an email's HTML prepared for sending once (links rewritten to the click endpoint with the
 *   send's token left as a placeholder, the preference link placeholder, the open pixel), its tracked
 *   original links, keyed by the digest of the source HTML per organisation (a campaign of 100,000
 *   recipients stores its 60 KB body once, not 100,000 times).
 * - email_send.body_id points at it; merge_values keeps the recipient's merge fields as they were when the
 *   send was queued (first name, last name, email, company). html and links stay for sends made before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table email_bodies (
      id serial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      digest text not null,
      html text not null,
      links jsonb not null default '[]'::jsonb,
      created_at timestamptz not null default now(),
      unique (org_id, digest)
    );
    alter table email_send
      add column body_id integer references email_bodies(id) on delete restrict,
      add column merge_values jsonb,
      alter column html drop not null,
      add constraint email_send_has_body check (html is not null or body_id is not null);
    create index email_send_body_idx on email_send (body_id) where body_id is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from email_send where html is null;
    alter table email_send drop constraint if exists email_send_has_body,
      drop column if exists merge_values, drop column if exists body_id,
      alter column html set not null;
    drop table if exists email_bodies;
  `.execute(db);
}
