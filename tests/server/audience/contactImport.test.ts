import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { get, post } from '../workflowTestKit.ts';
import { B, uploadImport, waitForImport } from './importKit.ts';

let t: TestApp;
let demo: Session;
let other: Session;

beforeAll(async () => {
  t = await createTestApp();
  demo = await signIn(t.app);
  other = await signIn(t.app, OTHER_ORG_LOGIN);
});
afterAll(async () => {
  await t?.close();
});

const MAPPING = JSON.stringify({ email: 0, first_name: 1, last_name: 2, designation: 3 });

async function contactByEmail(email: string) {
  return t.database.db
    .selectFrom('contacts')
    .selectAll()
    .where('org_id', '=', DEMO_IDS.mainOrgId)
    .where(sql<boolean>`lower(email) = lower(${email})`)
    .execute();
}

describe('CSV import', () => {
  it('imports new contacts, updates known ones by email (any case) without changing their status, reports bad rows and a repeated email', async () => {
    const known = await t.database.db
      .selectFrom('contacts')
      .select(['id', 'email', 'first_name', 'status'])
      .where('org_id', '=', DEMO_IDS.mainOrgId)
      .where('status', '=', 'Unsubscribed')
      .executeTakeFirstOrThrow();
    const csv = [
      'E-mail,First Name,Last Name,Title',
      'new.one@example.test,New,One,CTO',
      `${known.email.toUpperCase()},Renamed,,`,
      'not-an-address,Bad,Row,',
      ',No,Email,',
      'NEW.one@example.test,,Uno,',
      '"quoted@example.test","Quote, Jr.",Smith,"=HYPERLINK(""x"")"',
      `toolong@example.test,${'x'.repeat(201)},,`,
    ].join('\r\n');
    const id = await uploadImport(t.app, demo, csv, {
      mapping: MAPPING,
      headers: JSON.stringify(['E-mail', 'First Name', 'Last Name', 'Title']),
      has_header: 1,
      total_rows: 7,
      list_name: 'Imported today',
    });
    const { data, refusals } = await waitForImport(t.app, demo, id);
    // The file's second row of new.one is a duplicate, not an update: the first row of an email counts
    // (the default choice), and the repeat is reported with the row that was imported.
    expect(data).toMatchObject({
      status: 'done',
      processed_rows: 7,
      total_rows: 7,
      inserted: 2,
      updated: 1,
      refused: 3,
      duplicates: 1,
      duplicate_policy: 'first',
      empty_rows: 0,
      list_name: 'Imported today',
    });
    expect(refusals).toEqual([
      { row_number: 4, reason: 'Email is not an email address', email: 'not-an-address', kind: 'refused' },
      { row_number: 5, reason: 'Email is missing', email: '', kind: 'refused' },
      {
        row_number: 6,
        reason: 'Same email as row 2, which was imported instead',
        email: 'NEW.one@example.test',
        kind: 'duplicate',
      },
      {
        row_number: 8,
        reason: 'First name is longer than 200 characters',
        email: 'toolong@example.test',
        kind: 'refused',
      },
    ]);
    const [updated] = await contactByEmail(known.email);
    expect(updated).toMatchObject({ id: known.id, first_name: 'Renamed', status: 'Unsubscribed' });
    const fresh = await contactByEmail('new.one@example.test');
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatchObject({
      first_name: 'New',
      last_name: 'One',
      designation: 'CTO',
      status: 'Subscribed',
    });
    const [quoted] = await contactByEmail('quoted@example.test');
    expect(quoted).toMatchObject({ first_name: 'Quote, Jr.', designation: '=HYPERLINK("x")' });
    const list = (await get(t.app, demo, `${B}lists_listing/`, { search_word: 'Imported today' })).json()
      .data[0];
    expect(list.totalContacts).toBe(3);

    const download = await get(t.app, demo, `${B}import_refusals_csv/`, { import_id: id });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('text/csv');
    expect(
      download.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(0, 3),
    ).toEqual([
      'Row,Reason,E-mail,First Name,Last Name,Title',
      '4,Email is not an email address,not-an-address,Bad,Row,',
      '5,Email is missing,,No,Email,',
    ]);
  });

  it('neutralises spreadsheet formulas in the refused-rows download', async () => {
    const csv = 'email,first\n=cmd|calc,+1\n@SUM(A1),-2\n';
    const id = await uploadImport(t.app, demo, csv, { mapping: JSON.stringify({ email: 0, first_name: 1 }) });
    await waitForImport(t.app, demo, id);
    const lines = (await get(t.app, demo, `${B}import_refusals_csv/`, { import_id: id })).body.split('\r\n');
    expect(lines[1]).toBe("2,Email is not an email address,'=cmd|calc,'+1");
    expect(lines[2]).toBe("3,Email is not an email address,'@SUM(A1),'-2");
  });

  it('refuses bad settings with a message, and an existing list name with the spec message', async () => {
    const cases: [Record<string, string | number>, RegExp][] = [
      [{ file_name: 'a.csv', mapping: '{"first_name":0}' }, /email address/],
      [{ file_name: 'a.csv', mapping: 'not json' }, /mapping is not valid JSON/],
      [{ file_name: 'a.csv', mapping: '{"shoe_size":0,"email":1}' }, /shoe_size is not a contact field/],
      [
        { file_name: 'a.csv', mapping: MAPPING, list_name: 'Newsletter Readers' },
        /^List with that name already exists$/,
      ],
      [{ file_name: '', mapping: MAPPING }, /file_name/],
    ];
    for (const [fields, message] of cases) {
      const response = await post(t.app, demo, `${B}import_create/`, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    const created = await post(t.app, demo, `${B}import_create/`, { file_name: 'x.csv', mapping: MAPPING });
    const importId = created.json().import_id;
    const empty = await post(t.app, demo, `${B}import_start/`, { import_id: importId });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The file has not been uploaded.');
  });

  it("keeps imports to their organisation: another one's import and list are 404s", async () => {
    const created = await post(t.app, demo, `${B}import_create/`, { file_name: 'x.csv', mapping: MAPPING });
    const importId = created.json().import_id;
    for (const response of [
      await get(t.app, other, `${B}import_status/`, { import_id: importId }),
      await get(t.app, other, `${B}import_refusals_csv/`, { import_id: importId }),
      await post(t.app, other, `${B}import_start/`, { import_id: importId }),
      await post(t.app, other, `${B}import_create/`, { file_name: 'x.csv', mapping: MAPPING, list_id: 1 }),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
    }
  });

  it('enrols imported contacts in the active workflow that starts when someone joins the list', async () => {
    const list = await t.database.db
      .insertInto('contact_lists')
      .values({
        org_id: DEMO_IDS.mainOrgId,
        user_id: DEMO_IDS.demoUserId,
        name: 'Imported trigger',
        is_active: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const workflow = await t.database.db
      .selectFrom('workflow')
      .select('id')
      .where('org_id', '=', DEMO_IDS.mainOrgId)
      .where('status', '=', 'active')
      .where('trigger_id', '=', 14)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('workflow')
      .set({ list_id: list.id })
      .where('id', '=', workflow.id)
      .execute();
    const csv = [
      'email,first_name',
      'joins.one@trigger.example.test,One',
      'joins.two@trigger.example.test,Two',
    ];
    const id = await uploadImport(t.app, demo, csv.join('\n'), {
      mapping: JSON.stringify({ email: 0, first_name: 1 }),
      total_rows: 2,
      list_id: list.id,
    });
    const { data } = await waitForImport(t.app, demo, id);
    expect(data).toMatchObject({ status: 'done', inserted: 2 });
    const enrolled = await t.database.db
      .selectFrom('workflow_enrolment as e')
      .innerJoin('contacts as c', 'c.id', 'e.contact_id')
      .select('c.email')
      .where('e.workflow_id', '=', workflow.id)
      .where('c.email', 'like', '%@trigger.example.test')
      .orderBy('c.email')
      .execute();
    expect(enrolled.map((row) => row.email)).toEqual([
      'joins.one@trigger.example.test',
      'joins.two@trigger.example.test',
    ]);
    const members = await t.database.db
      .selectFrom('list_contacts')
      .select('contact_id')
      .where('list_id', '=', list.id)
      .execute();
    expect(members).toHaveLength(2);
  });

  it('imports a 50,000-row file in batches, with duplicates and bad rows, into a list', async () => {
    const rows = ['email,first_name,last_name,job title'];
    for (let i = 0; i < 50_000; i++) {
      if (i % 1000 === 999) rows.push(`broken-${i},Bad,Row,`);
      else rows.push(`bulk${i % 45_000}@bulk.example.test,First${i},Last${i},Engineer`);
    }
    const started = performance.now();
    const id = await uploadImport(t.app, demo, rows.join('\n'), {
      mapping: JSON.stringify({ email: 0, first_name: 1, last_name: 2, designation: 3 }),
      total_rows: 50_000,
      list_name: 'Bulk import',
    });
    const { data } = await waitForImport(t.app, demo, id);
    const seconds = (performance.now() - started) / 1000;
    expect(data).toMatchObject({ status: 'done', processed_rows: 50_000, refused: 50, updated: 0 });
    const distinct = new Set<number>();
    for (let i = 0; i < 50_000; i++) if (i % 1000 !== 999) distinct.add(i % 45_000);
    expect(data.inserted).toBe(distinct.size);
    expect(data.duplicates).toBe(50_000 - 50 - distinct.size);
    expect(data.inserted + data.refused + data.duplicates).toBe(50_000);
    const count = await t.database.db
      .selectFrom('contacts')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('email', 'like', '%@bulk.example.test')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(distinct.size);
    const list = (await get(t.app, demo, `${B}lists_listing/`, { search_word: 'Bulk import' })).json()
      .data[0];
    expect(list.totalContacts).toBe(distinct.size);
    console.log(`50,000-row import: ${seconds.toFixed(1)} s, ${Math.round(50_000 / seconds)} rows/s`);
  }, 180_000);
});
