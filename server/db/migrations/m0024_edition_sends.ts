import { type Kysely, sql } from 'kysely';

/**
 * Publishing an edition ("Publish data"; the publish step at /campaigns/editionedit/publish/):
 * - an edition keeps its audience (lists and contacts chosen on the publish step);
 * - edition_sends: every send of an edition (send now, scheduled, test, resend) with its state
 *   (scheduled, sending, paused, sent, cancelled, failed), its audience as chosen then, and where the batch
 *   walk has got to (cursor: the last contact id queued; contacts are queued in id order). The sends of one
 *   edition to one contact are named ed:<version>:<contact> (a resend asked to repeat: ...:r<send>), so a
 *   batch that runs twice after a worker died queues nobody twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table email_versions
      add column audience_list_ids integer[] not null default '{}',
      add column audience_contact_ids integer[] not null default '{}';

    create table edition_sends (
      id serial primary key,
      org_id integer not null references organisations(id) on delete cascade,
      version_id integer not null references email_versions(id) on delete cascade,
      user_id integer references users(id) on delete set null,
      kind text not null check (kind in ('send', 'test', 'resend')),
      status text not null check (status in ('scheduled', 'sending', 'paused', 'sent', 'cancelled', 'failed')),
      resend_to text check (resend_to in ('not_opened', 'new_contacts')),
      scheduled_for timestamptz,
      time_zone text,
      list_ids integer[] not null default '{}',
      contact_ids integer[] not null default '{}',
      test_addresses text[] not null default '{}',
      cursor_contact_id integer not null default 0,
      queued_count integer not null default 0,
      recipients_total integer not null default 0,
      error text,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz,
      updated_at timestamptz not null default now()
    );
    create index edition_sends_version_idx on edition_sends (version_id, created_at desc);
    create index edition_sends_due_idx on edition_sends (scheduled_for) where status = 'scheduled';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists edition_sends;
    alter table email_versions drop column if exists audience_contact_ids, drop column if exists audience_list_ids;
  `.execute(db);
}
