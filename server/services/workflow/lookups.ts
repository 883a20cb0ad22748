import type { ContactListOption, ShareProfileOption } from '../../../domain/workflowTypes.ts';
import type { Db } from '../../db/Db.ts';
import { likePattern } from '../../lib/likePattern.ts';

/** get_user_contact_lists/: the active lists of the user's organisation, by name, with member counts. */
export async function listContactLists(
  db: Db,
  orgId: number,
  query: { search: string; offset: number; limit: number },
): Promise<ContactListOption[]> {
  let q = db
    .selectFrom('contact_lists as l')
    .leftJoin('list_contacts as lc', 'lc.list_id', 'l.id')
    .select((eb) => ['l.id', 'l.name', eb.fn.count<string | number>('lc.contact_id').as('n')])
    .where('l.org_id', '=', orgId)
    .where('l.is_active', '=', true)
    .groupBy(['l.id', 'l.name']);
  if (query.search) q = q.where('l.name', 'ilike', likePattern(query.search));
  const rows = await q.orderBy('l.name').orderBy('l.id').offset(query.offset).limit(query.limit).execute();
  return rows.map((row) => ({ list_id: row.id, list_name: row.name, contact_count: Number(row.n) }));
}

export async function orgListExists(db: Db, orgId: number, listId: number): Promise<boolean> {
  const row = await db
    .selectFrom('contact_lists')
    .select('id')
    .where('id', '=', listId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  return Boolean(row);
}

export async function listShareProfiles(db: Db, orgId: number): Promise<ShareProfileOption[]> {
  const rows = await db
    .selectFrom('share_profile')
    .select(['uuid', 'name'])
    .where('org_id', '=', orgId)
    .orderBy('name')
    .orderBy('uuid')
    .execute();
  return rows.map((row) => ({ sp_uuid: row.uuid, name: row.name }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function findOrgShareProfile(db: Db, orgId: number, uuid: string) {
  if (!UUID.test(uuid)) return undefined;
  return db
    .selectFrom('share_profile')
    .select(['uuid', 'name', 'config'])
    .where('uuid', '=', uuid)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
}
