import { type Kysely, sql } from 'kysely';
import type { PeopleSelection } from '../../../domain/audiencePeople.ts';
import type { Database } from '../../db/schema.ts';
import { restoreRowForeignKeyChecks, skipRowForeignKeyChecks } from '../../lib/skipRowForeignKeyChecks.ts';
import type { PeopleEb } from './peopleScope.ts';
import { selectionWhere } from './peopleSelectionQueries.ts';

/**
 * What deleting a contact does to the rows that point at it: the foreign keys' ON DELETE actions, done
 * here set-wise (see deleteContacts). tests/server/audience/deleteContacts.test.ts compares this with the
 * database's own foreign keys, so a new table that points at contacts cannot be forgotten.
 */
export const CONTACT_DEPENDENTS = [
  { table: 'list_contacts', column: 'contact_id', action: 'cascade' },
  { table: 'campaign_contacts', column: 'contact_id', action: 'cascade' },
  { table: 'email_send', column: 'contact_id', action: 'cascade' },
  { table: 'workflow_enrolment', column: 'contact_id', action: 'cascade' },
  { table: 'preferences', column: 'contact_id', action: 'set null' },
  { table: 'email_event', column: 'contact_id', action: 'set null' },
  { table: 'form_submissions', column: 'contact_id', action: 'set null' },
  { table: 'analytics_contact_email', column: 'contact_id', action: 'cascade' },
  { table: 'analytics_article_contact', column: 'contact_id', action: 'cascade' },
  { table: 'journey_points', column: 'contact_id', action: 'cascade' },
  { table: 'contact_scores', column: 'contact_id', action: 'cascade' },
  { table: 'journey_visitor', column: 'contact_id', action: 'set null' },
  { table: 'page_view', column: 'contact_id', action: 'set null' },
] as const;
/** Rows deleted with a workflow enrolment (its ON DELETE CASCADE children). */
export const ENROLMENT_DEPENDENTS = [{ table: 'workflow_step_history', column: 'enrolment_id' }] as const;

/**
 * Deletes the selected contacts of the organisation (a selection of ids, or all of a scope but the
 * excluded ones) in one transaction; answers how many went. A foreign key checks its referencing tables once per deleted row (seven tables point at
 * contacts), which makes deleting 100,000 contacts take tens of seconds on PGlite. When the connection
 * may (skipRowForeignKeyChecks), the per-row foreign-key triggers are skipped and their ON DELETE actions
 * are done here set-wise, after the contacts are deleted
 * and locked, so a row another transaction adds meanwhile still meets the foreign key (it waits on the
 * deleted contact, then fails). Otherwise the foreign keys act as usual.
 */
export async function deleteContacts(
  db: Kysely<Database>,
  orgId: number,
  selection: PeopleSelection,
  /** false: let the foreign keys act row by row even when the set-wise way is allowed (tests). */
  options: { setWise?: boolean } = {},
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const bulk = options.setWise !== false && (await skipRowForeignKeyChecks(trx));
    const gone = await trx
      .deleteFrom('contacts as c')
      .where((eb) => selectionWhere(eb as unknown as PeopleEb, orgId, selection))
      .returning('c.id')
      .execute();
    if (bulk && gone.length > 0) {
      const deleted = gone.map((row) => row.id);
      for (const child of ENROLMENT_DEPENDENTS)
        await sql`
          delete from ${sql.table(child.table)} where ${sql.ref(child.column)} in
            (select id from workflow_enrolment where contact_id = any(${deleted}::int[]))`.execute(trx);
      for (const dependent of CONTACT_DEPENDENTS) {
        const where = sql`${sql.ref(dependent.column)} = any(${deleted}::int[])`;
        if (dependent.action === 'cascade')
          await sql`delete from ${sql.table(dependent.table)} where ${where}`.execute(trx);
        else
          await sql`update ${sql.table(dependent.table)} set ${sql.ref(dependent.column)} = null where ${where}`.execute(
            trx,
          );
      }
    }
    if (bulk) await restoreRowForeignKeyChecks(trx);
    return gone.length;
  });
}
