import type { Db } from '../../db/Db.ts';

/** The ids among ids that are not the organisation's (contacts or lists). */
export async function foreignIds(
  trx: Db,
  table: 'contacts' | 'contact_lists',
  orgId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const own = await trx
    .selectFrom(table)
    .select('id')
    .where('org_id', '=', orgId)
    .where('id', 'in', [...ids])
    .execute();
  const found = new Set(own.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}
