import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DEMO_IDS } from './demoIds.ts';

/** The contact whose preference record is the demo link (every section of its page is filled). */
export const DEMO_PREFERENCE_CONTACT_ID = 1;

/**
 * The unsubscribe id of the demo preference link, read from the database (ids are random, never computed):
 * the demo contact's record, otherwise the oldest record (a database seeded by an earlier version), or
 * null when there is none (DEMO_DATA=off).
 */
export async function demoPreferenceUuid(db: Kysely<Database>): Promise<string | null> {
  const demo = await db
    .selectFrom('preferences')
    .select('uuid')
    .where('org_id', '=', DEMO_IDS.mainOrgId)
    .where('contact_id', '=', DEMO_PREFERENCE_CONTACT_ID)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  if (demo) return demo.uuid;
  const row = await db
    .selectFrom('preferences')
    .select('uuid')
    .orderBy('created_at')
    .orderBy('uuid')
    .limit(1)
    .executeTakeFirst();
  return row?.uuid ?? null;
}
