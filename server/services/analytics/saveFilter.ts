import { sql } from 'kysely';
import type { SavedFilterData } from '../../../domain/analyticsSchemas.ts';
import { type AnalyticsUser, type Db, ensureSelectionOwned } from './analyticsScope.ts';

/** How long a temporary filter nobody opens is kept. */
export const TEMPORARY_FILTER_DAYS = 30;

/**
 * save_filter/: keeps a filter of the organisation (its campaigns, emails and workflows must be the
 * organisation's, else 404) and answers its id (fs_id). Temporary filters unused for 30 days go then.
 */
export async function saveFilter(
  db: Db,
  user: AnalyticsUser,
  body: { name: string; saved_data: SavedFilterData; is_temporary: boolean },
): Promise<{ id: number }> {
  await ensureSelectionOwned(db, user.org_id, { ...body.saved_data, user_id: null });
  const run = async (trx: Db) => {
    await trx
      .deleteFrom('analytics_saved_filters')
      .where('org_id', '=', user.org_id)
      .where('is_temporary', '=', true)
      .where('last_used_at', '<', sql<Date>`now() - interval '1 day' * ${TEMPORARY_FILTER_DAYS}::int`)
      .execute();
    return trx
      .insertInto('analytics_saved_filters')
      .values({
        org_id: user.org_id,
        user_id: user.id,
        name: body.name,
        saved_data: JSON.stringify(body.saved_data),
        is_temporary: body.is_temporary,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
