import { sql } from 'kysely';
import type { ContactsListingBody } from '../../../domain/analyticsContactSchemas.ts';
import type { AudienceListSummary } from '../../../domain/audienceLists.ts';
import { badRequest } from '../../lib/AppError.ts';
import { createList } from '../audience/createList.ts';
import { loadListSummary } from '../audience/listQueries.ts';
import type { AnalyticsUser, Db } from './analyticsScope.ts';
import { contactTabQuery } from './contactAnalyticsQueries.ts';

/**
 * contacts_listing/ with list_create: a new list (list_name; a taken name is refused) holding every
 * contact of the tab under its filters, not only the page shown, made in one transaction.
 */
export async function createListFromContacts(
  db: Db,
  user: AnalyticsUser,
  body: ContactsListingBody,
): Promise<AudienceListSummary> {
  const name = body.list_name;
  if (!name) throw badRequest('Give the list a name.');
  const run = async (trx: Db) => {
    const { contacts } = await contactTabQuery(trx, user, body);
    const list = await createList(trx, user, name);
    await sql`
      insert into list_contacts (list_id, contact_id)
      select ${list.list_id}, t.contact_id from (${contacts}) t
      on conflict do nothing`.execute(trx);
    return loadListSummary(trx, user.org_id, list.list_id);
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
