import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonRow } from '../../../domain/audiencePeople.ts';
import { websiteDomain } from '../../../domain/contactImport.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { get, post } from '../workflowTestKit.ts';
import { B, uploadImport, waitForImport } from './importKit.ts';

let t: TestApp;
let demo: Session;

beforeAll(async () => {
  t = await createTestApp();
  demo = await signIn(t.app);
});
afterAll(async () => {
  await t?.close();
});

async function contact(email: string) {
  return t.database.db
    .selectFrom('contacts as c')
    .leftJoin('accounts as a', 'a.id', 'c.account_id')
    .select([
      'c.first_name',
      'c.last_name',
      'c.country',
      'c.custom_fields',
      'c.account_id',
      'a.name as company',
    ])
    .where('c.org_id', '=', DEMO_IDS.mainOrgId)
    .where(sql<boolean>`lower(c.email) = lower(${email})`)
    .executeTakeFirst();
}

async function accountsNamed(name: string) {
  return t.database.db
    .selectFrom('accounts')
    .select(['id', 'name', 'website'])
    .where('org_id', '=', DEMO_IDS.mainOrgId)
    .where('name_lower', '=', name.toLowerCase())
    .execute();
}

async function importCsv(csv: string, fields: Record<string, string | number | undefined>) {
  const id = await uploadImport(t.app, demo, csv, fields);
  return waitForImport(t.app, demo, id);
}

describe('CSV import: companies, websites, countries and custom fields', () => {
  it('maps a company to the account of that name or website domain (or a new one), with website, country and custom fields', async () => {
    const northwind = await t.database.db
      .insertInto('accounts')
      .values({
        org_id: DEMO_IDS.mainOrgId,
        name: 'Northwind Traders',
        website: 'https://www.northwind.example',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const csv = [
      'Email,First name,Company,Website,Country,Favourite colour,Shoe size',
      'ana@cols.example.test,Ana,NORTHWIND TRADERS,,Spain,Blue,38',
      'ben@cols.example.test,Ben,Northwind Ltd,http://northwind.example/about,Germany,,42',
      'cai@cols.example.test,Cai,Brand New Co,brandnew.example,France,Green,',
      'dee@cols.example.test,Dee,brand new co,,,,',
      'eve@cols.example.test,Eve,Evil Inc,javascript:alert(1),,,',
      'fay@cols.example.test,Fay,Brand New Company,https://brandnew.example/,,,',
      'gus@cols.example.test,Gus,,,Italy,,',
    ].join('\n');
    const { data, refusals } = await importCsv(csv, {
      mapping: JSON.stringify({ email: 0, first_name: 1, company: 2, website: 3, country: 4 }),
      custom_columns: JSON.stringify([
        { name: 'Favourite colour', column: 5 },
        { name: 'Shoe size', column: 6 },
      ]),
      total_rows: 7,
    });
    expect(data).toMatchObject({ status: 'done', inserted: 6, refused: 1 });
    expect(refusals).toEqual([
      expect.objectContaining({ row_number: 6, reason: 'Company website is not a web address' }),
    ]);
    // By name in any case, and by the domain of its website when the name is new.
    expect(await contact('ana@cols.example.test')).toMatchObject({
      account_id: northwind.id,
      country: 'Spain',
      custom_fields: { 'Favourite colour': 'Blue', 'Shoe size': '38' },
    });
    expect(await contact('ben@cols.example.test')).toMatchObject({
      account_id: northwind.id,
      custom_fields: { 'Shoe size': '42' },
    });
    // A new company is made once, with its website; the same name in another case and another name with
    // its domain (in the same batch) are that account.
    const made = await accountsNamed('Brand New Co');
    expect(made).toEqual([
      expect.objectContaining({ name: 'Brand New Co', website: 'https://brandnew.example' }),
    ]);
    for (const email of ['cai', 'dee', 'fay'])
      expect((await contact(`${email}@cols.example.test`))?.account_id).toBe(made[0]?.id);
    expect(await accountsNamed('Brand New Company')).toEqual([]);
    expect(await contact('gus@cols.example.test')).toMatchObject({ account_id: null, country: 'Italy' });

    // The person's row (the detail screen) carries the company, the country and the custom fields.
    const listing = await get(t.app, demo, `${B}people_listing/`, { search_word: 'ana@cols.example.test' });
    const person = (listing.json().data as PersonRow[])[0];
    expect(person).toMatchObject({
      organization: 'Northwind Traders',
      company_website: 'https://www.northwind.example',
      country: 'Spain',
      custom_fields: { 'Favourite colour': 'Blue', 'Shoe size': '38' },
    });

    // Importing the person again merges the custom fields; blank cells change nothing.
    const again = await importCsv(
      ['email,company,colour,team,shoe', 'ANA@cols.example.test,,Red,Blue team,'].join('\n'),
      {
        mapping: JSON.stringify({ email: 0, company: 1 }),
        custom_columns: JSON.stringify([
          { name: 'Favourite colour', column: 2 },
          { name: 'Team', column: 3 },
          { name: 'Shoe size', column: 4 },
        ]),
      },
    );
    expect(again.data).toMatchObject({ status: 'done', inserted: 0, updated: 1 });
    expect(await contact('ana@cols.example.test')).toMatchObject({
      account_id: northwind.id,
      custom_fields: { 'Favourite colour': 'Red', 'Shoe size': '38', Team: 'Blue team' },
    });
  });

  it("computes an account's domain in the database as websiteDomain does", async () => {
    const websites = [
      'https://www.Acme.example/about?x=1',
      'acme.example:8080',
      '  http://shop.acme.example',
      'HTTP://WWW.EXAMPLE.ORG',
      'ftp://files.example.net/x',
      '',
    ];
    const rows = await t.database.db
      .insertInto('accounts')
      .values(
        websites.map((website, i) => ({ org_id: DEMO_IDS.mainOrgId, name: `Domain test ${i}`, website })),
      )
      .returning(['website', 'domain'])
      .execute();
    expect(rows.map((row) => row.domain)).toEqual(websites.map((website) => websiteDomain(website)));
  });

  it('refuses custom fields without a name, with one name twice, or on a column matched to a field', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ custom_columns: '[{"name":" ","column":1}]' }, /needs a name/],
      [{ custom_columns: '[{"name":"Team","column":1},{"name":"team","column":2}]' }, /Two custom fields/],
      [{ custom_columns: '[{"name":"Team","column":0}]' }, /also matched to a contact field/],
      [{ custom_columns: 'nope' }, /custom_columns is not valid JSON/],
      [{ custom_columns: '[{"name":"Fr\uFFFDquence","column":1}]' }, /could not be read/],
      [{ duplicate_policy: 'newest' }, /duplicate_policy is first, last or skip/],
      [{ delimiter: 'x' }, /delimiter/],
    ];
    for (const [fields, message] of cases) {
      const response = await post(t.app, demo, `${B}import_create/`, {
        file_name: 'a.csv',
        mapping: '{"email":0}',
        ...fields,
      });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
  });
});

describe('CSV import: repeated emails, empty rows, unreadable characters', () => {
  const repeated = (domain: string) =>
    [
      'email,first_name,last_name',
      `dup@${domain},First,One`,
      `other@${domain},Other,Person`,
      `DUP@${domain},Second,`,
      `dup@${domain},${'x'.repeat(201)},Refused`,
      `dup@${domain},Third,Three`,
    ].join('\n');
  const mapping = JSON.stringify({ email: 0, first_name: 1, last_name: 2 });

  it('imports the last row of a repeated email when asked, and reports the others as duplicates', async () => {
    const { data, refusals } = await importCsv(repeated('last.example.test'), {
      mapping,
      duplicate_policy: 'last',
    });
    expect(data).toMatchObject({
      status: 'done',
      inserted: 2,
      updated: 0,
      refused: 1,
      duplicates: 2,
      duplicate_policy: 'last',
    });
    expect(refusals.map((r) => [r.row_number, r.kind, r.reason])).toEqual([
      [2, 'duplicate', 'Same email as row 6, which was imported instead'],
      [4, 'duplicate', 'Same email as row 6, which was imported instead'],
      [5, 'refused', 'First name is longer than 200 characters'],
    ]);
    expect(await contact('dup@last.example.test')).toMatchObject({ first_name: 'Third', last_name: 'Three' });
  });

  it('imports none of the rows of a repeated email when asked to skip them', async () => {
    const { data, refusals } = await importCsv(repeated('skip.example.test'), {
      mapping,
      duplicate_policy: 'skip',
    });
    expect(data).toMatchObject({ status: 'done', inserted: 1, refused: 1, duplicates: 3 });
    expect(refusals.filter((r) => r.kind === 'duplicate').map((r) => [r.row_number, r.reason])).toEqual([
      [2, 'Same email in 3 rows: none of them imported'],
      [4, 'Same email in 3 rows: none of them imported'],
      [6, 'Same email in 3 rows: none of them imported'],
    ]);
    expect(await contact('dup@skip.example.test')).toBeUndefined();
    const download = await get(t.app, demo, `${B}import_refusals_csv/`, { import_id: data.import_id });
    expect(download.body).toContain(
      '6,Same email in 3 rows: none of them imported,dup@skip.example.test,Third,Three',
    );
  });

  it('counts empty rows (blank lines, only separators) and numbers rows as the file does', async () => {
    const csv =
      'email,first\r\n\r\nana@empty.example.test,Ana\r\n,\r\n  ,  \r\nbad,B\r\nben@empty.example.test,Ben\r\n';
    const { data, refusals } = await importCsv(csv, { mapping: JSON.stringify({ email: 0, first_name: 1 }) });
    expect(data).toMatchObject({ status: 'done', processed_rows: 6, inserted: 2, refused: 1, empty_rows: 3 });
    expect(refusals).toEqual([
      { row_number: 6, reason: 'Email is not an email address', email: 'bad', kind: 'refused' },
    ]);
  });

  it('refuses a row holding a character that could not be read, instead of storing it', async () => {
    const csv =
      'email,first,last\njose@enc.example.test,Jos\uFFFD,M\uFFFDller\nana@enc.example.test,Ana,M\u00fcller\n';
    const { data, refusals } = await importCsv(csv, {
      mapping: JSON.stringify({ email: 0, first_name: 1, last_name: 2 }),
    });
    expect(data).toMatchObject({ status: 'done', inserted: 1, refused: 1 });
    expect(refusals[0]).toMatchObject({
      row_number: 2,
      reason: "First name holds a character that could not be read (\uFFFD): check the file's encoding",
    });
    expect(await contact('jose@enc.example.test')).toBeUndefined();
    expect(await contact('ana@enc.example.test')).toMatchObject({ last_name: 'M\u00fcller' });
  });

  it('reads a file separated by semicolons with the separator the wizard found', async () => {
    const csv = 'email;first;company\nsemi@sep.example.test;Semi;Acme; Inc\n';
    const { data } = await importCsv(csv, {
      mapping: JSON.stringify({ email: 0, first_name: 1, company: 2 }),
      delimiter: ';',
    });
    expect(data).toMatchObject({ status: 'done', inserted: 1 });
    expect(await contact('semi@sep.example.test')).toMatchObject({ first_name: 'Semi', company: 'Acme' });
  });
});
