import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import {
  CONTACT_DEPENDENTS,
  deleteContacts,
  ENROLMENT_DEPENDENTS,
} from '../../../server/services/audience/deleteContacts.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { post } from '../workflowTestKit.ts';

/**
 * Deleting contacts does what the foreign keys say to every row that points at them, whether the per-row
 * foreign-key triggers run (PostgreSQL without a superuser) or are skipped for a set-wise delete (PGlite,
 * a superuser): the rows of the cascading tables go, the others keep their row without the contact.
 */
let t: TestApp;
let demo: Session;
const org = DEMO_IDS.mainOrgId;

beforeAll(async () => {
  t = await createTestApp();
  demo = await signIn(t.app);
});
afterAll(async () => {
  await t?.close();
});

type ForeignKey = { table: string; column: string; action: string };

async function foreignKeysTo(table: string): Promise<ForeignKey[]> {
  const { rows } = await sql<ForeignKey>`
    select c.conrelid::regclass::text as table, a.attname as column,
      case c.confdeltype when 'c' then 'cascade' when 'n' then 'set null' else c.confdeltype::text end as action
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = ${table}::regclass
    order by 1, 2`.execute(t.database.db);
  return rows;
}

it('knows every foreign key that points at contacts and at workflow enrolments', async () => {
  const byName = (a: ForeignKey, b: ForeignKey) => a.table.localeCompare(b.table);
  expect(await foreignKeysTo('contacts')).toEqual(
    CONTACT_DEPENDENTS.map((d) => ({ table: d.table, column: d.column, action: d.action })).sort(byName),
  );
  expect(await foreignKeysTo('workflow_enrolment')).toEqual(
    ENROLMENT_DEPENDENTS.map((d) => ({ table: d.table, column: d.column, action: 'cascade' })),
  );
});

describe.each([
  ["set-wise (the foreign keys' actions done by deleteContacts), through delete_contacts/", true],
  ['row by row (the foreign keys themselves)', false],
] as const)('delete-all, %s', (_name, setWise) => {
  it('removes or detaches every row that points at the deleted contacts, and nothing else', async () => {
    const db = t.database.db;
    const word = setWise ? 'zqdelete' : 'zqrowwise';
    // Contacts of the demo organisation with rows in every dependent table (seeded or added here).
    const made = await sql<{ id: number }>`
    insert into contacts (org_id, first_name, last_name, email, personality, buyer_stage, status)
    select ${org}, ${word}, 'Person' || g, ${word} || g || '@delete.test', 'N/A', 'Awareness', 'Subscribed'
    from generate_series(1, 3) as g returning id`.execute(db);
    const ids = made.rows.map((row) => row.id);
    const keep = ids[2] as number;
    const email = await sql<{ id: number }>`select id from emails where org_id = ${org} limit 1`.execute(db);
    const workflow = await sql<{ id: number }>`select id from workflow where org_id = ${org} limit 1`.execute(
      db,
    );
    const form = await sql<{ id: number }>`select id from forms where org_id = ${org} limit 1`.execute(db);
    const list = await sql<{
      id: number;
    }>`select id from contact_lists where org_id = ${org} limit 1`.execute(db);
    const emailId = email.rows[0]?.id;
    const workflowId = workflow.rows[0]?.id;
    expect(emailId && workflowId && form.rows[0] && list.rows[0]).toBeTruthy();
    for (const id of ids) {
      await sql`insert into list_contacts (list_id, contact_id) values (${list.rows[0]?.id}, ${id})`.execute(
        db,
      );
      await sql`
      insert into email_send (token, org_id, contact_id, email_id, dedupe_key, to_address, from_address,
        from_name, subject, html, message_id)
      values (${`tok-${word}-${id}`}, ${org}, ${id}, ${emailId}, ${`dedupe-${word}-${id}`}, 'a@delete.test', 'b@delete.test',
        'B', 'S', '<p>x</p>', ${`<m${id}@delete.test>`})`.execute(db);
      const enrolment = await sql<{ id: number }>`
      insert into workflow_enrolment (org_id, workflow_id, contact_id, status, current_node, trigger_id)
      values (${org}, ${workflowId}, ${id}, 'completed', 'n1', 14) returning id`.execute(db);
      await sql`
      insert into workflow_step_history (enrolment_id, workflow_id, contact_id, node_id, outcome)
      values (${enrolment.rows[0]?.id}, ${workflowId}, ${id}, 'n1', 'sent')`.execute(db);
      await sql`insert into preferences (uuid, org_id, contact_id, email) values (gen_random_uuid(), ${org}, ${id}, ${`p${id}@delete.test`})`.execute(
        db,
      );
      await sql`insert into email_event (org_id, kind, contact_id) values (${org}, 'opened', ${id})`.execute(
        db,
      );
      await sql`insert into form_submissions (form_id, org_id, contact_id, answers)
      values (${form.rows[0]?.id}, ${org}, ${id}, '{}'::jsonb)`.execute(db);
      // The buyer journey: a visitor identified as the contact, its page view, and the points it gave.
      await sql`
      with visitor as (
        insert into journey_visitor (org_id, visitor_key, contact_id) values (${org}, ${`v-${word}-${id}`}, ${id})
        returning id
      ), viewed as (
        insert into page_view (org_id, visitor_id, contact_id, url, path, title, referrer, source, viewed_at,
          client_event_id)
        select ${org}, visitor.id, ${id}, 'https://site.test/pricing', '/pricing', 'Pricing', '', 'direct', now(),
          ${`e-${word}-${id}`}
        from visitor returning id
      )
      , scored as (
        insert into contact_scores (contact_id, org_id, score_raw, score_at) values (${id}, ${org}, 1, now())
      )
      insert into journey_points (org_id, contact_id, kind, source_id, at, label)
      select ${org}, ${id}, 'page_view', viewed.id, now(), '/pricing' from viewed`.execute(db);
    }
    const count = async (table: string, column: string, values: number[]) =>
      Number(
        (
          await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}
          where ${sql.ref(column)} = any(${values}::int[])`.execute(db)
        ).rows[0]?.n,
      );
    const nulls = async (table: string) =>
      Number(
        (
          await sql<{
            n: string;
          }>`select count(*) as n from ${sql.table(table)} where contact_id is null`.execute(db)
        ).rows[0]?.n,
      );
    const nullsBefore = {
      preferences: await nulls('preferences'),
      email_event: await nulls('email_event'),
      form_submissions: await nulls('form_submissions'),
      journey_visitor: await nulls('journey_visitor'),
      page_view: await nulls('page_view'),
    };

    // Delete-all of the search but the third.
    if (setWise) {
      const response = await post(t.app, demo, '/api/audience/delete_contacts/', {
        select_all: '1',
        search_word: word,
        excluded_ids: String(keep),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().deleted_count).toBe(2);
    } else {
      const scope = { tab: 'all' as const, searchWord: word, filters: {}, accountId: null };
      const selection = { kind: 'all' as const, scope, excludedIds: [keep] };
      expect(await deleteContacts(db, org, selection, { setWise: false })).toBe(2);
    }
    const gone = ids.slice(0, 2);
    expect(await count('contacts', 'id', gone)).toBe(0);
    for (const table of [
      'list_contacts',
      'email_send',
      'workflow_enrolment',
      'workflow_step_history',
      'journey_points',
      'contact_scores',
    ])
      expect(await count(table, 'contact_id', gone), table).toBe(0);
    for (const table of [
      'preferences',
      'email_event',
      'form_submissions',
      'journey_visitor',
      'page_view',
    ] as const) {
      expect(await count(table, 'contact_id', gone), table).toBe(0);
      expect(await nulls(table), table).toBe(nullsBefore[table] + 2);
    }
    // The excluded contact keeps everything.
    for (const table of ['list_contacts', 'email_send', 'workflow_enrolment', 'workflow_step_history'])
      expect(await count(table, 'contact_id', [keep]), table).toBe(1);
    // Its points stay (the scoring catch-up may have added its own for the open and the form meanwhile).
    expect(await count('journey_points', 'contact_id', [keep])).toBeGreaterThanOrEqual(1);
    for (const table of ['preferences', 'email_event', 'form_submissions', 'journey_visitor', 'page_view'])
      expect(await count(table, 'contact_id', [keep]), table).toBe(1);
    // The audience counts followed (the facet triggers still ran).
    const kept = await sql<{ n: string }>`
    select sum(n) as n from audience_facets where org_id = ${org} and category = 'status' and tab = 'all'`.execute(
      db,
    );
    const real = await sql<{ n: string }>`select count(*) as n from contacts where org_id = ${org}`.execute(
      db,
    );
    expect(Number(kept.rows[0]?.n)).toBe(Number(real.rows[0]?.n));
    // Foreign keys still hold afterwards: a row pointing at a deleted contact is refused.
    await expect(
      sql`insert into list_contacts (list_id, contact_id) values (${list.rows[0]?.id}, ${gone[0]})`.execute(
        db,
      ),
    ).rejects.toThrow(/foreign key/);
  });
});
