import type { Kysely, Transaction } from 'kysely';
import { DEFAULT_JOURNEY_CRITERIA, type JourneyCriteria } from '../../../domain/journeyScoring.ts';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** An organisation's scoring criteria: its saved ones, or the defaults. */
export async function journeyCriteria(db: Db, orgId: number): Promise<JourneyCriteria> {
  const row = await db
    .selectFrom('journey_criteria')
    .select([
      'email_open',
      'email_click',
      'form_submission',
      'page_view',
      'unsubscribe',
      'page_patterns',
      'half_life_days',
      'stages',
    ])
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (!row) return structuredClone(DEFAULT_JOURNEY_CRITERIA);
  return { ...row };
}
