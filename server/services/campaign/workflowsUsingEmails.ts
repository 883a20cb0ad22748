import { sql } from 'kysely';
import type { Db } from '../../db/Db.ts';

/** The workflows of the organisation that use one of the emails (as their email or in a send step). */
export async function workflowsUsingEmails(db: Db, orgId: number, emailIds: readonly number[]) {
  if (emailIds.length === 0) return [];
  const ids = sql.join([...emailIds]);
  const { rows } = await sql<{ id: number; name: string }>`
    select w.id, w.name from workflow w
    where w.org_id = ${orgId} and (w.email_id in (${ids})
      or exists (select 1 from workflow_email we where we.workflow_id = w.id and we.email_id in (${ids})))
    order by w.id`.execute(db);
  return rows;
}
