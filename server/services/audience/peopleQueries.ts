import type { Kysely, Transaction } from 'kysely';
import type { PeopleScope, PeopleSelection, PersonRow } from '../../../domain/audiencePeople.ts';
import type { Database } from '../../db/schema.ts';
import { orderPeople, type PeopleSort } from './orderPeople.ts';
import { keptTabTotal } from './peopleCountQueries.ts';
import { peopleRows, toPersonRow } from './peopleRows.ts';
import { scopeWhere } from './peopleScope.ts';
import { searchedPageIds } from './peopleSearchQueries.ts';
import { selectionIds } from './peopleSelectionQueries.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** One page of a scope, sorted (NOSORT or no column: newest first; empty values last), and whether more follow. */
export async function listPeople(
  db: Db,
  orgId: number,
  scope: PeopleScope,
  sort: PeopleSort,
  page: { offset: number; limit: number },
): Promise<{ rows: PersonRow[]; hasMore: boolean }> {
  if (scope.searchWord) {
    const ids = await searchedPageIds(db, orgId, scope, sort, page);
    const rows = ids.length
      ? await peopleRows(db).where('c.id', 'in', ids.slice(0, page.limit)).execute()
      : [];
    const byId = new Map(rows.map((row) => [row.contact_id, row]));
    const ordered = ids.slice(0, page.limit).flatMap((id) => {
      const row = byId.get(id);
      return row ? [toPersonRow(row)] : [];
    });
    return { rows: ordered, hasMore: ids.length > page.limit };
  }
  const rows = await orderPeople(
    peopleRows(db).where((eb) => scopeWhere(eb, { orgId, scope })),
    sort,
  )
    .offset(page.offset)
    .limit(page.limit + 1)
    .execute();
  return { rows: rows.slice(0, page.limit).map(toPersonRow), hasMore: rows.length > page.limit };
}

/**
 * people_listing/: a page of a scope and the tab's kept total (null for a searched or filtered scope,
 * whose totals people_tab_counts/ counts once), read together. Not the listing factory's page: the total
 * is not the count of this query, and the page says whether more rows follow instead.
 */
export async function peopleListingPage(
  db: Db,
  orgId: number,
  scope: PeopleScope,
  sort: PeopleSort,
  page: { offset: number; limit: number },
): Promise<{ total: number | null; rows: PersonRow[]; hasMore: boolean }> {
  const [total, found] = await Promise.all([
    keptTabTotal(db, orgId, scope),
    listPeople(db, orgId, scope, sort, page),
  ]);
  return { total, ...found };
}

/** A batch of people for an export, by id after `afterId` (keyset paging). */
export async function exportBatch(
  db: Db,
  orgId: number,
  selection: PeopleSelection,
  afterId: number,
  size: number,
): Promise<PersonRow[]> {
  const rows = await peopleRows(db)
    .where('c.id', 'in', selectionIds(db, orgId, selection))
    .where('c.id', '>', afterId)
    .orderBy('c.id')
    .limit(size)
    .execute();
  return rows.map(toPersonRow);
}

/** One person of the organisation, or undefined. */
export async function findPerson(db: Db, orgId: number, contactId: number): Promise<PersonRow | undefined> {
  const row = await peopleRows(db)
    .where('c.org_id', '=', orgId)
    .where('c.id', '=', contactId)
    .executeTakeFirst();
  return row ? toPersonRow(row) : undefined;
}
