import { sql } from 'kysely';
import type { GroupUser, SalesGroup } from '../../../domain/salesGroups.ts';
import type { Db } from '../../db/Db.ts';
import { notFound } from '../../lib/AppError.ts';
import { listingPage } from '../../lib/listingPage.ts';

type GroupRow = { id: number; name: string; is_deletable: boolean; updated_at: Date; users: string | null };

const toGroup = (row: GroupRow): SalesGroup => ({
  groupId: row.id,
  groupName: row.name,
  totalUsers: Number(row.users ?? 0),
  lastUpdated: row.updated_at.toISOString(),
  isDeletable: row.is_deletable,
});

/** The organisation's groups with their user counts (a base for the listing and a single group). */
function groupsOf(db: Db, orgId: number) {
  return db
    .selectFrom('sales_groups as g')
    .where('g.org_id', '=', orgId)
    .select([
      'g.id',
      'g.name',
      'g.is_deletable',
      'g.updated_at',
      (eb) =>
        eb
          .selectFrom('sales_group_users as u')
          .whereRef('u.group_id', '=', 'g.id')
          .select((inner) => inner.fn.countAll<string>().as('n'))
          .as('users'),
    ]);
}

/** A page of the organisation's groups, newest first (id breaking ties), optionally searched by name. */
export async function listGroups(
  db: Db,
  orgId: number,
  page: { offset: number; limit: number; search: string },
): Promise<{ total: number; rows: SalesGroup[] }> {
  const search = page.search.toLowerCase();
  let rows = groupsOf(db, orgId);
  if (search) rows = rows.where(sql<boolean>`strpos(lower(g.name), ${search}) > 0`);
  const found = await listingPage(db, rows.orderBy('g.created_at', 'desc').orderBy('g.id', 'desc'), page);
  return { total: found.total, rows: found.rows.map(toGroup) };
}

/** One group of the organisation; another organisation's, or none, is a 404. */
export async function ownGroup(db: Db, orgId: number, groupId: number): Promise<SalesGroup> {
  const group = await findGroup(db, orgId, groupId);
  if (!group) throw notFound('Group not found.');
  return group;
}

/** One group of the organisation, or null (another organisation's id included). */
export async function findGroup(db: Db, orgId: number, groupId: number): Promise<SalesGroup | null> {
  const row = await groupsOf(db, orgId).where('g.id', '=', groupId).executeTakeFirst();
  return row ? toGroup(row) : null;
}

/** Every current user of the organisation (removed ones left out), marked when in the group, by name. */
export async function groupUsers(db: Db, orgId: number, groupId: number): Promise<GroupUser[]> {
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('sales_group_users as m', (join) =>
      join.onRef('m.user_id', '=', 'u.id').on('m.group_id', '=', groupId),
    )
    .where('u.org_id', '=', orgId)
    .where('u.removed_at', 'is', null)
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 'm.user_id as member'])
    .orderBy('u.first_name')
    .orderBy('u.last_name')
    .orderBy('u.id')
    .execute();
  return rows.map((row) => ({
    userId: row.id,
    fullName: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    inGroup: row.member !== null,
  }));
}

/** The ids among userIds that are not current users of the organisation (a removed user is not one). */
export async function foreignUserIds(db: Db, orgId: number, userIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('org_id', '=', orgId)
    .where('removed_at', 'is', null)
    .where('id', 'in', [...userIds])
    .execute();
  const own = new Set(rows.map((row) => row.id));
  return userIds.filter((id) => !own.has(id));
}
