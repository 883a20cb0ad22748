import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Replaces the organisation's declared website domains with these (hostnames, already normalised). */
export async function saveJourneyDomains(
  db: Kysely<Database>,
  orgId: number,
  domains: readonly string[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('journey_domain').where('org_id', '=', orgId).execute();
    if (domains.length > 0)
      await trx
        .insertInto('journey_domain')
        .values(domains.map((domain) => ({ org_id: orgId, domain })))
        .execute();
  });
}
