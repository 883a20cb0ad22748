import { type Kysely, sql } from 'kysely';

/**
 * What was sent to a list: list_sends records, when an edition send queues an email, each list of the
 * send's audience (edition_sends.list_ids) that the contact was a member of at that moment. A list's Sent
 * and Clicks figures count the `sent` and `clicked` events of its recorded emails only, not every email its
 * contacts got from anywhere (workflows, other lists, sends to contacts chosen one by one).
 * Before this migration no send recorded its lists, so every list starts at 0 sent, and a list's
 * "last used" (until now set by the demo seed, never by a send) starts empty: a send to the list sets it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table list_sends (
      list_id integer not null references contact_lists(id) on delete cascade,
      send_id integer not null references email_send(id) on delete cascade,
      primary key (list_id, send_id)
    );
    create index list_sends_send_idx on list_sends (send_id);
    update contact_lists set last_used_by = null, last_used_at = null where last_used_by is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists list_sends;`.execute(db);
}
