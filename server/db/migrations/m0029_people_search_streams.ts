import { type Kysely, sql } from 'kysely';

/**
 * A searched page of people sorted by name, without gathering every match of a broad search:
 * - per searched column (full name, last name, address), an index on the first three characters of its
 *   lower-case value, then the tab (1: unprofiled, 0: profiled), then the name order:
 *   (org_id, left(column, 3), (personality_type is null)::int, full_name_lower, id). A search of three
 *   characters or more reads, per column and tab, the contacts whose column starts with the search's first
 *   three characters already in name order, and stops after the page (nameStreamIds in
 *   server/services/audience/peopleQueries.ts merges these streams). text_pattern_ops on the prefix: the
 *   query orders by it with ~<~ so that only this index gives its order (the planner would otherwise walk
 *   the plain name index and filter, unaware that the matches may all sit at its end).
 * - (org_id, designation): delete-all and the filters by designation find their contacts without reading
 *   the organisation's every row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index contacts_org_name3_name_idx
      on contacts (org_id, left(full_name_lower, 3) text_pattern_ops, ((personality_type is null)::int), full_name_lower, id);
    create index contacts_org_last3_name_idx
      on contacts (org_id, left(last_name_lower, 3) text_pattern_ops, ((personality_type is null)::int), full_name_lower, id);
    create index contacts_org_email3_name_idx
      on contacts (org_id, left(email_lower, 3) text_pattern_ops, ((personality_type is null)::int), full_name_lower, id);
    create index contacts_org_designation_idx on contacts (org_id, designation);
    analyze contacts;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists contacts_org_designation_idx;
    drop index if exists contacts_org_email3_name_idx;
    drop index if exists contacts_org_last3_name_idx;
    drop index if exists contacts_org_name3_name_idx;
  `.execute(db);
}
