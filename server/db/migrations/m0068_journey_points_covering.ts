import { type Kysely, sql } from 'kysely';

/**
 * A contact's activity rows by contact and time carry what scoring reads of them (organisation, kind,
 * label): a recompute sums a range of contacts from the index alone instead of fetching its rows from all
 * over the table (the catch-up stores them in the order activity arrives, so a contact's rows are spread
 * over it: 21,000 pages for 10,000 contacts at a million contacts). The trail and the latest activity
 * read the same index as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index journey_points_contact_idx;
    create index journey_points_contact_idx on journey_points (contact_id, at desc, id desc)
      include (org_id, kind, label);
  `.execute(db);
}
