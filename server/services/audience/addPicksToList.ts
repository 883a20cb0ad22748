import type { Expression, Kysely, SqlBool } from 'kysely';
import type { PeopleScope } from '../../../domain/audiencePeople.ts';
import type { PicksPayload } from '../../../domain/peoplePicks.ts';
import type { Database } from '../../db/schema.ts';
import { subscribeContactsToList } from '../runtime/workflowTriggers.ts';
import { assertOrgList } from './listQueries.ts';
import type { PeopleEb } from './peopleScope.ts';
import { selectionWhere } from './peopleSelectionQueries.ts';
import { audienceFit, isRecommended } from './recommendedPeopleQueries.ts';

const scope = (searchWord: string, filters: PeopleScope['filters']): PeopleScope => ({
  tab: 'all',
  searchWord,
  filters,
  accountId: null,
});

/**
 * add_picks_to_list/: the people chosen on the Find and Add screens added to a list, in one statement:
 * those ticked one by one, and every member of each group chosen whole but its exclusions (the
 * recommended people for this list, everyone matching a search, everyone of an industry or a designation),
 * as the groups are now. Through subscribeContactsToList, like add_to_list/; answers how many were added.
 */
export async function addPicksToList(
  db: Kysely<Database>,
  orgId: number,
  listId: number,
  picks: PicksPayload,
  now: Date,
): Promise<number> {
  await assertOrgList(db, orgId, listId);
  const recommending = picks.groups.some((g) => g.kind === 'recommended')
    ? { orgId, listId, fit: await audienceFit(db, orgId, listId), now }
    : null;
  const chosen = (eb: PeopleEb): Expression<SqlBool> => {
    const parts: Expression<SqlBool>[] = [];
    if (picks.contact_ids.length > 0)
      parts.push(selectionWhere(eb, orgId, { kind: 'ids', ids: picks.contact_ids }));
    for (const group of picks.groups) {
      const excludedIds = group.excluded_ids;
      if (group.kind === 'recommended' && recommending) {
        const members = eb.and([eb('c.org_id', '=', orgId), isRecommended(recommending)]);
        parts.push(excludedIds.length > 0 ? eb.and([members, eb('c.id', 'not in', excludedIds)]) : members);
      } else if (group.kind === 'search') {
        parts.push(selectionWhere(eb, orgId, { kind: 'all', scope: scope(group.term, {}), excludedIds }));
      } else if (group.kind === 'dynamic') {
        const filters = { [group.category]: [group.value] };
        parts.push(selectionWhere(eb, orgId, { kind: 'all', scope: scope('', filters), excludedIds }));
      }
    }
    return eb.or(parts);
  };
  const result = await subscribeContactsToList(db, {
    orgId,
    listId,
    contactIds: [],
    contactQuery: db.selectFrom('contacts as c').select('c.id').where(chosen),
  });
  if (result.added.length > 0)
    await db.updateTable('contact_lists').set({ updated_at: now }).where('id', '=', listId).execute();
  return result.added.length;
}
