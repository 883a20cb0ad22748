import type { Kysely } from 'kysely';
import { type JourneyTracking, journeySnippet } from '../../../domain/journeyTracking.ts';
import type { Database } from '../../db/schema.ts';

/** The organisation's tracking id, its declared domains (alphabetical) and the snippet its website pastes. */
export async function journeyTrackingOf(
  db: Kysely<Database>,
  orgId: number,
  publicOrigin: string,
): Promise<JourneyTracking> {
  const [org, domains] = await Promise.all([
    db
      .selectFrom('organisations')
      .select('journey_tracking_id')
      .where('id', '=', orgId)
      .executeTakeFirstOrThrow(),
    db.selectFrom('journey_domain').select('domain').where('org_id', '=', orgId).orderBy('domain').execute(),
  ]);
  return {
    tracking_id: org.journey_tracking_id,
    domains: domains.map((row) => row.domain),
    snippet: journeySnippet(publicOrigin, org.journey_tracking_id),
  };
}

/** The IANA time zone whose days the organisation's reports count in. */
export async function organisationZone(db: Kysely<Database>, orgId: number): Promise<string> {
  const org = await db
    .selectFrom('organisations')
    .select('time_zone')
    .where('id', '=', orgId)
    .executeTakeFirstOrThrow();
  return org.time_zone;
}
