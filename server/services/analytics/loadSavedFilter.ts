import { type SavedFilterData, savedFilterDataSchema } from '../../../domain/analyticsSchemas.ts';
import { notFound } from '../../lib/AppError.ts';
import type { Db } from './analyticsScope.ts';

export const SAVED_FILTER_NOT_FOUND = 'Saved filter not found.';

export type SavedFilter = { id: number; name: string; saved_data: SavedFilterData; is_temporary: boolean };

/**
 * A saved filter of the organisation (another organisation's is a 404), its data read through the same
 * schema it was saved with; using it keeps a temporary one from being cleaned up.
 */
export async function loadSavedFilter(db: Db, orgId: number, id: number): Promise<SavedFilter> {
  const row = await db
    .updateTable('analytics_saved_filters')
    .set({ last_used_at: new Date() })
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .returning(['id', 'name', 'saved_data', 'is_temporary'])
    .executeTakeFirst();
  if (!row) throw notFound(SAVED_FILTER_NOT_FOUND);
  // Stored as the schema's output: its nulls are the fields left out.
  const stored = Object.fromEntries(Object.entries(row.saved_data).filter(([, value]) => value !== null));
  return { ...row, saved_data: savedFilterDataSchema.parse(stored) };
}
