import { type Kysely, sql } from 'kysely';

/**
 * Test emails of an edition: sent to a few of the organisation's own addresses (its users, its verified
 * senders), which need not be contacts. A test send has is_test set and may have no contact; its events
 * carry is_test too, so analytics leave them out unless asked (is_test_email).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table email_send
      add column is_test boolean not null default false,
      alter column contact_id drop not null,
      add constraint email_send_contact_or_test check (contact_id is not null or is_test);
    alter table email_event add column is_test boolean not null default false;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from email_send where contact_id is null;
    alter table email_event drop column if exists is_test;
    alter table email_send drop constraint if exists email_send_contact_or_test,
      alter column contact_id set not null, drop column if exists is_test;
  `.execute(db);
}
