import type { Expression, Kysely, SqlBool, Transaction } from 'kysely';
import type { PeopleSelection } from '../../../domain/audiencePeople.ts';
import type { Database } from '../../db/schema.ts';
import { type PeopleEb, scopeWhere } from './peopleScope.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The ids of a selection as one sub-query (never a list the size of the selection). */
export function selectionIds(db: Db, orgId: number, selection: PeopleSelection) {
  return db
    .selectFrom('contacts as c')
    .select('c.id')
    .where((eb) => selectionWhere(eb, orgId, selection));
}

/**
 * The conditions of a selection on contacts aliased `c`: its ids in the organisation, or its scope but the
 * excluded ids. A statement on the selected contacts themselves (delete-all) puts these in its own WHERE:
 * `id in (selectionIds)` made the planner read every contact of the table to join them with the selection.
 */
export function selectionWhere(eb: PeopleEb, orgId: number, selection: PeopleSelection): Expression<SqlBool> {
  if (selection.kind === 'ids')
    return eb.and([
      eb('c.org_id', '=', orgId),
      eb('c.id', 'in', selection.ids.length ? [...selection.ids] : [0]),
    ]);
  const excluded = selection.excludedIds;
  const scoped = scopeWhere(eb, { orgId, scope: selection.scope });
  return excluded.length > 0 ? eb.and([scoped, eb('c.id', 'not in', [...excluded])]) : scoped;
}
