import { type Kysely, sql } from 'kysely';

/**
 * The sending loop at scale (issue 7):
 * - a contact's preference record (its unsubscribe id, read for every marketing send) by contact: without
 *   it every send scanned the whole preferences table, so a run of sends slowed down as the table grew;
 * - email events name their send (tracking and delivery know it), so an email's opens and clicks are
 *   counted per send, and a workflow knows which send started an enrolment;
 * - one enrolment per workflow and trigger send: opening, clicking or receiving the same email again never
 *   enrols the contact again (a new send of the trigger email may, once the earlier enrolment has ended).
 *   No foreign key: events and enrolments outlive a deleted send, and tracking inserts stay cheap.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index preferences_contact_idx on preferences (contact_id, created_at);
    alter table email_event add column send_id integer;
    create index email_event_send_idx on email_event (send_id, kind) where send_id is not null;
    alter table workflow_enrolment add column trigger_send_id integer;
    create unique index workflow_enrolment_trigger_send_idx on workflow_enrolment (workflow_id, trigger_send_id)
      where trigger_send_id is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists workflow_enrolment_trigger_send_idx;
    alter table workflow_enrolment drop column if exists trigger_send_id;
    drop index if exists email_event_send_idx;
    alter table email_event drop column if exists send_id;
    drop index if exists preferences_contact_idx;
  `.execute(db);
}
