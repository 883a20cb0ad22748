import type { PeopleScope, PeopleSelection } from '../../../domain/audiencePeople.ts';
import { csvLine } from '../../../domain/csvText.ts';
import type { Db } from '../../db/Db.ts';
import { exportBatch } from './peopleQueries.ts';

const EXPORT_BATCH = 2000;
const EXPORT_HEADER = [
  'Name',
  'Email',
  'Designation',
  'Organization',
  'Industry',
  'Revenue',
  'Personality type',
  'Personality',
  'Status',
  'Buyer stage',
  'Engagement score',
  'Phone number',
  'Created on',
];

/**
 * export_people/: the CSV lines of the people of contact_ids (when any are given) or else of the whole
 * scope, read in batches by id so a large audience streams; cells made safe for spreadsheets (csvLine).
 */
export async function* exportPeopleCsv(
  db: Db,
  orgId: number,
  scope: PeopleScope,
  contactIds: readonly number[],
): AsyncGenerator<string> {
  const selection: PeopleSelection =
    contactIds.length > 0 ? { kind: 'ids', ids: contactIds } : { kind: 'all', scope, excludedIds: [] };
  yield csvLine(EXPORT_HEADER);
  let afterId = 0;
  for (;;) {
    const batch = await exportBatch(db, orgId, selection, afterId, EXPORT_BATCH);
    for (const p of batch)
      yield csvLine([
        p.full_name,
        p.contact_email,
        p.designation,
        p.organization,
        p.industry,
        p.revenue,
        p.personality_type ?? 'Unprofiled',
        p.personality,
        p.status,
        p.buyer_stage,
        p.engagement_score,
        p.phone_number,
        p.created_on.slice(0, 10),
      ]);
    if (batch.length < EXPORT_BATCH) return;
    afterId = batch[batch.length - 1]?.contact_id ?? afterId;
  }
}
