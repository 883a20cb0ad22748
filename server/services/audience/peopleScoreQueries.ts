import type { Kysely } from 'kysely';
import type { PersonScore } from '../../../domain/audiencePeople.ts';
import type { Database } from '../../db/schema.ts';

/**
 * people_scores/: the engagement score and buyer stage of the organisation's contacts among `ids` (the
 * rows a screen has loaded; the scoring moves them in the background). Other ids are left out.
 */
export async function peopleScores(
  db: Kysely<Database>,
  orgId: number,
  ids: readonly number[],
): Promise<PersonScore[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('contacts')
    .select(['id as contact_id', 'engagement_score', 'buyer_stage'])
    .where('org_id', '=', orgId)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}
