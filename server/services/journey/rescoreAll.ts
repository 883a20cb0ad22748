import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { recomputeScores } from './recomputeScores.ts';

/**
 * Scores every organisation's contacts from their whole history at once (the seed: its activity comes
 * with scores and stages, as its events come with their rollups), then moves the catch-up's marks past
 * everything stored, so a start has nothing to catch up. Only while nothing else records activity.
 */
export async function rescoreAll(db: Kysely<Database>, now: Date): Promise<void> {
  const orgs = await db.selectFrom('organisations').select('id').orderBy('id').execute();
  for (const org of orgs) await recomputeScores(db, org.id, { now: () => now, rebuild: true });
  await sql`
    update journey_progress set
      last_event_id = coalesce((select max(id) from email_event), 0),
      last_page_view_id = coalesce((select max(id) from page_view), 0),
      last_form_submission_id = coalesce((select max(id) from form_submissions), 0),
      updated_at = now()
    where id = 1`.execute(db);
}
