import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonRow } from '../../../domain/audiencePeople.ts';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { get, post } from '../workflowTestKit.ts';

const P = '/api/audience/';
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

/** A first name no seeded contact has, so a search finds only this test's people. */
const tagName = () => `Zq${randomBytes(4).toString('hex')}`;

async function create(fields: Record<string, string>, session = demo): Promise<PersonRow> {
  const response = await post(t.app, session, `${P}create_contact/`, fields);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function listing(query: Record<string, string | number>, session = demo) {
  const response = await get(t.app, session, `${P}people_listing/`, query);
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json() as { total_count: number | null; has_more: boolean; data: PersonRow[] };
  // A searched, filtered or account scope leaves its total to people_tab_counts/ (one count per scope).
  const scoped =
    query.search_word !== undefined || query.filters !== undefined || query.account_id !== undefined;
  if (scoped) expect(page.total_count).toBeNull();
  return page;
}

/** Five people of one tag: two profiled (Dominant, Steady), three unprofiled, in two stages. */
async function makeGroup() {
  const tag = tagName();
  const people: PersonRow[] = [];
  const specs = [
    { last: 'Adams', type: 'Dominant', stage: 'Interest' },
    { last: 'Baker', type: 'Steady', stage: 'Interest' },
    { last: 'Clark', type: '', stage: 'Awareness' },
    { last: 'Davis', type: '', stage: 'Interest' },
    { last: 'Evans', type: '', stage: 'Interest' },
  ];
  for (const spec of specs)
    people.push(
      await create({
        first_name: tag,
        last_name: spec.last,
        email: `${tag}.${spec.last}@example.test`.toLowerCase(),
        personality_type: spec.type,
        buyer_stage: spec.stage,
        organization: 'Acme Logistics',
      }),
    );
  return { tag, people };
}

describe('create_contact/ and update_contact/', () => {
  it('creates a Subscribed contact; profiled without a personality gets Steady, otherwise unprofiled', async () => {
    const tag = tagName();
    const profiled = await create({
      first_name: tag,
      last_name: 'One',
      email: `${tag}1@example.test`,
      tab: 'profiled',
    });
    expect(profiled).toMatchObject({ personality_type: 'Steady', personality: 'N/A', status: 'Subscribed' });
    const plain = await create({
      first_name: tag,
      last_name: 'Two',
      email: `${tag}2@example.test`,
      tab: 'all',
    });
    expect(plain.personality_type).toBeNull();
    const typed = await create({
      first_name: tag,
      last_name: 'Three',
      email: `${tag}3@example.test`,
      personality: 'Driver',
    });
    expect(typed.personality_type).toBe('Dominant');
    const withCompany = await create({
      first_name: tag,
      last_name: 'Four',
      email: `${tag}4@example.test`,
      organization: `${tag} Holdings`,
      industry: 'Retail',
    });
    expect(withCompany.organization).toBe(`${tag} Holdings`);
    expect(withCompany.account_id).toBeGreaterThan(0);
  });

  it('refuses a bad or duplicate address with a clear message (400, never 500)', async () => {
    const tag = tagName();
    await create({ first_name: tag, last_name: 'Dup', email: `${tag}@example.test` });
    const cases: [Record<string, string>, string][] = [
      [
        { first_name: tag, last_name: 'X', email: `${tag.toUpperCase()}@EXAMPLE.TEST` },
        'already exists in your organisation',
      ],
      [{ first_name: tag, last_name: 'X', email: 'not-an-address' }, 'Enter a real email address'],
      [{ first_name: tag, last_name: 'X', email: 'a@b' }, 'Enter a real email address'],
      [{ first_name: ' ', last_name: 'X', email: `${tag}x@example.test` }, 'First name is required.'],
      [
        { first_name: tag, last_name: 'X', email: `${tag}y@example.test`, personality_type: 'Grumpy' },
        'personality_type must be one of',
      ],
      [
        {
          first_name: tag,
          last_name: 'X',
          email: `${tag}z@example.test`,
          personality_type: 'Steady',
          personality: 'Driver',
        },
        'Driver is not a Steady personality.',
      ],
      [
        {
          first_name: tag,
          last_name: 'X',
          email: `${tag}w@example.test`,
          linkedin_url: 'javascript:alert(1)',
        },
        'LinkedIn address must be a web address',
      ],
    ];
    for (const [fields, message] of cases) {
      const response = await post(t.app, demo, `${P}create_contact/`, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json()).toMatchObject({ success: false });
      expect(response.json().message).toContain(message);
    }
  });

  it('updates fields but never the status; a duplicate address or a foreign contact is refused', async () => {
    const tag = tagName();
    const a = await create({ first_name: tag, last_name: 'A', email: `${tag}a@example.test` });
    const b = await create({ first_name: tag, last_name: 'B', email: `${tag}b@example.test` });
    await t.database.db
      .updateTable('contacts')
      .set({ status: 'Unsubscribed' })
      .where('id', '=', a.contact_id)
      .execute();
    const ok = await post(t.app, demo, `${P}update_contact/`, {
      contact_id: a.contact_id,
      first_name: tag,
      last_name: 'Renamed',
      email: `${tag}a@example.test`,
      personality_type: 'Influencer',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      last_name: 'Renamed',
      personality_type: 'Influencer',
      status: 'Unsubscribed',
    });
    const dup = await post(t.app, demo, `${P}update_contact/`, {
      contact_id: b.contact_id,
      first_name: tag,
      last_name: 'B',
      email: `${tag}A@example.test`,
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe(
      `A contact with the email ${tag}A@example.test already exists in your organisation.`,
    );
    const foreign = await post(t.app, other, `${P}update_contact/`, {
      contact_id: a.contact_id,
      first_name: 'X',
      last_name: 'Y',
      email: 'x.y@example.test',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ success: false, message: 'Contact not found.' });
  });
});

describe('people_listing/, people_tab_counts/, people_filter_counts/', () => {
  it('lists a tab with its own total, sorted, searched and filtered', async () => {
    const { tag } = await makeGroup();
    const all = await listing({ search_word: tag, sort_by: 'full_name', sort_type: 'ASC' });
    expect(all.data.length).toBe(5);
    expect(all.has_more).toBe(false);
    expect(all.data.map((p) => p.last_name)).toEqual(['Adams', 'Baker', 'Clark', 'Davis', 'Evans']);
    const desc = await listing({ search_word: tag, sort_by: 'contact_name', sort_type: 'DESC', limit: 2 });
    expect(desc.data.map((p) => p.last_name)).toEqual(['Evans', 'Davis']);
    expect(desc.has_more).toBe(true);
    // A whole tab's page carries the tab's total, the same as people_tab_counts/.
    const tabs = (await get(t.app, demo, `${P}people_tab_counts/`, {})).json().data;
    expect((await listing({ tab: 'profiled' })).total_count).toBe(tabs.profiled);
    expect((await listing({ tab: 'unprofiled' })).total_count).toBe(tabs.unprofiled);
    expect((await listing({ search_word: tag, tab: 'profiled' })).data.length).toBe(2);
    expect((await listing({ search_word: tag, tab: 'unprofiled' })).data.length).toBe(3);
    const filtered = await listing({
      search_word: tag,
      filters: JSON.stringify({ buyerStage: ['Interest'], personalityType: ['Dominant', 'Steady'] }),
    });
    expect(filtered.data.map((p) => p.last_name).sort()).toEqual(['Adams', 'Baker']);
    // Search by address and by company name, case-insensitively.
    expect((await listing({ search_word: `${tag}.clark@`.toUpperCase() })).data.length).toBe(1);
    const byCompany = await listing({
      search_word: 'acme log',
      filters: JSON.stringify({ organizations: ['Acme Logistics'] }),
    });
    expect(byCompany.data.length).toBeGreaterThanOrEqual(5);

    const counts = await get(t.app, demo, `${P}people_tab_counts/`, { search_word: tag });
    expect(counts.json()).toEqual({ success: true, data: { all: 5, profiled: 2, unprofiled: 3 } });
    const facets = await get(t.app, demo, `${P}people_filter_counts/`, {
      search_word: tag,
      filters: JSON.stringify({ buyerStage: ['Interest'] }),
    });
    expect(facets.statusCode).toBe(200);
    const data = facets.json().data;
    // A category's own filter does not narrow its counts; the others' do.
    expect(data.buyerStage).toEqual([
      { value: 'Interest', count: 4 },
      { value: 'Awareness', count: 1 },
    ]);
    expect(data.personalityType).toEqual([
      { value: 'Dominant', count: 1 },
      { value: 'Steady', count: 1 },
    ]);
    expect(data.organizations).toEqual([{ value: 'Acme Logistics', count: 4 }]);
    expect(data.status).toEqual([{ value: 'Subscribed', count: 4 }]);
  });

  it('finds a search anywhere in a name, an address (its domain too) or a company name, any case', async () => {
    const tag = tagName().toLowerCase();
    const [walker, other] = [
      await create({
        first_name: 'Jo',
        last_name: `Walka${tag}`,
        email: `j.walka1${tag}@north-${tag}.test`,
        organization: `Blue ${tag} Harbour Partners`,
      }),
      await create({ first_name: 'Ann', last_name: `Lee${tag}`, email: `ann${tag}@elsewhere.test` }),
    ];
    const found = async (word: string) =>
      (await listing({ search_word: word, sort_by: 'full_name', sort_type: 'ASC' })).data.map(
        (row) => row.contact_id,
      );
    // Inside the address, the address's domain, inside the last name, a later word of the company's name.
    expect(await found(`walka1${tag}`)).toEqual([walker?.contact_id]);
    expect(await found(`NORTH-${tag}.test`)).toEqual([walker?.contact_id]);
    expect(await found(`alka${tag}`)).toEqual([walker?.contact_id]);
    expect(await found(`${tag} harbour`)).toEqual([walker?.contact_id]);
    expect(await found(`harbour partners`)).toContain(walker?.contact_id);
    // A first and a last name together, and counts and filter counts of the same search.
    expect(await found(`ann lee${tag}`)).toEqual([other?.contact_id]);
    const counts = await get(t.app, demo, `${P}people_tab_counts/`, { search_word: `north-${tag}` });
    expect(counts.json().data).toEqual({ all: 1, profiled: 0, unprofiled: 1 });
  });

  it('escapes LIKE wildcards and refuses bad queries with 400', async () => {
    expect((await listing({ search_word: '%' })).data.length).toBe(0);
    const bad: Record<string, string>[] = [
      { sort_by: 'password' },
      { sort_type: 'UP' },
      { tab: 'vip' },
      { filters: '{not json' },
      { filters: '{"colour":["red"]}' },
      { filters: '{"status":"Subscribed"}' },
      { filters: '[1]' },
      { limit: '0' },
      { offset: '-1' },
      { account_id: 'x' },
    ];
    for (const query of bad) {
      const response = await get(t.app, demo, `${P}people_listing/`, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().success).toBe(false);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });

  it("never shows another organisation's people", async () => {
    const { tag } = await makeGroup();
    expect((await listing({ search_word: tag }, other)).data.length).toBe(0);
    const otherAll = await listing({ limit: 100 }, other);
    const orgs = await t.database.db
      .selectFrom('contacts')
      .select('org_id')
      .where(
        'id',
        'in',
        otherAll.data.map((p) => p.contact_id),
      )
      .execute();
    expect(new Set(orgs.map((r) => r.org_id))).toEqual(new Set([DEMO_IDS.otherOrgId]));
  });
});

describe('actions on a selection', () => {
  it('select-all with exclusions applies to the whole filtered set, not a page', async () => {
    const { tag, people } = await makeGroup();
    const [adams, baker, clark, davis] = people as [PersonRow, PersonRow, PersonRow, PersonRow, PersonRow];
    const scope = { search_word: tag, filters: JSON.stringify({ buyerStage: ['Interest'] }) };
    const stage = await post(t.app, demo, `${P}update_buyer_stage/`, {
      ...scope,
      select_all: 1,
      excluded_ids: String(baker.contact_id),
      buyer_stage: 'Purchase',
    });
    expect(stage.json()).toEqual({ success: true, buyer_stage: 'Purchase', updated_count: 3 });
    const after = await listing({ search_word: tag, sort_by: 'full_name', sort_type: 'ASC' });
    expect(after.data.map((p) => p.buyer_stage)).toEqual([
      'Purchase',
      'Interest',
      'Awareness',
      'Purchase',
      'Purchase',
    ]);

    const deleted = await post(t.app, demo, `${P}delete_contacts/`, {
      search_word: tag,
      tab: 'unprofiled',
      select_all: 'true',
      excluded_ids: JSON.stringify([davis.contact_id]),
    });
    expect(deleted.json()).toEqual({ success: true, deleted_count: 2 });
    const left = await listing({ search_word: tag, sort_by: 'full_name', sort_type: 'ASC' });
    expect(left.data.map((p) => p.contact_id)).toEqual([
      adams.contact_id,
      baker.contact_id,
      davis.contact_id,
    ]);
    expect(clark.contact_id).toBeGreaterThan(0);
  });

  it('by ids: only the organisation’s own contacts; no selection is a 400', async () => {
    const { tag, people } = await makeGroup();
    const ids = people.map((p) => p.contact_id).join(',');
    const foreign = await post(t.app, other, `${P}delete_contacts/`, { contact_ids: ids });
    expect(foreign.json()).toEqual({ success: true, deleted_count: 0 });
    expect((await listing({ search_word: tag })).data.length).toBe(5);
    const empty = await post(t.app, demo, `${P}delete_contacts/`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('contact_ids');
    const badIds = await post(t.app, demo, `${P}delete_contacts/`, { contact_ids: '1,x' });
    expect(badIds.statusCode).toBe(400);
    const badStage = await post(t.app, demo, `${P}update_buyer_stage/`, {
      contact_ids: ids,
      buyer_stage: 'Sold',
    });
    expect(badStage.statusCode).toBe(400);
    expect(badStage.json().message).toContain('buyer_stage must be one of');
    const byIds = await post(t.app, demo, `${P}delete_contacts/`, { contact_ids: ids });
    expect(byIds.json().deleted_count).toBe(5);
  });

  it('adds a select-all with exclusions to a list and removes from it; statuses stay; foreign list 404', async () => {
    const { tag, people } = await makeGroup();
    const [adams, baker] = people as [PersonRow, PersonRow];
    await t.database.db
      .updateTable('contacts')
      .set({ status: 'Unsubscribed' })
      .where('id', '=', adams.contact_id)
      .execute();
    await t.database.db
      .updateTable('contacts')
      .set({ status: 'Hard Bounce' })
      .where('id', '=', baker.contact_id)
      .execute();
    const list = await t.database.db
      .insertInto('contact_lists')
      .values({
        org_id: DEMO_IDS.mainOrgId,
        user_id: DEMO_IDS.demoUserId,
        name: `${tag} list`,
        is_active: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const excluded = people[4]?.contact_id ?? 0;
    const added = await post(t.app, demo, `${P}add_to_list/`, {
      search_word: tag,
      select_all: 1,
      excluded_ids: String(excluded),
      list_id: list.id,
    });
    expect(added.json()).toEqual({ success: true, list_id: list.id, added_count: 4 });
    const again = await post(t.app, demo, `${P}add_to_list/`, {
      contact_ids: String(adams.contact_id),
      list_id: list.id,
    });
    expect(again.json().added_count).toBe(0);
    const members = await t.database.db
      .selectFrom('list_contacts')
      .select('contact_id')
      .where('list_id', '=', list.id)
      .execute();
    expect(members.map((m) => m.contact_id).sort()).toEqual(
      people
        .filter((p) => p.contact_id !== excluded)
        .map((p) => p.contact_id)
        .sort(),
    );
    const statuses = await listing({ search_word: tag, sort_by: 'full_name', sort_type: 'ASC' });
    expect(statuses.data.slice(0, 2).map((p) => p.status)).toEqual(['Unsubscribed', 'Hard Bounce']);

    const removed = await post(t.app, demo, `${P}remove_from_list/`, {
      contact_ids: String(adams.contact_id),
      list_id: list.id,
    });
    expect(removed.json()).toEqual({ success: true, list_id: list.id, removed_count: 1 });
    const foreignList = await post(t.app, other, `${P}add_to_list/`, { contact_ids: '1', list_id: list.id });
    expect(foreignList.statusCode).toBe(404);
    expect(foreignList.json()).toEqual({ success: false, message: 'List not found.' });
    const noList = await post(t.app, demo, `${P}add_to_list/`, { contact_ids: '1' });
    expect(noList.statusCode).toBe(400);
  });

  it('enrols contacts added to a list in its active "subscribes to a list" workflow', async () => {
    const { tag, people } = await makeGroup();
    const list = await t.database.db
      .insertInto('contact_lists')
      .values({
        org_id: DEMO_IDS.mainOrgId,
        user_id: DEMO_IDS.demoUserId,
        name: `${tag} trigger`,
        is_active: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const workflow = await t.database.db
      .selectFrom('workflow')
      .selectAll()
      .where('org_id', '=', DEMO_IDS.mainOrgId)
      .where('status', '=', 'active')
      .where('trigger_id', '=', 14)
      .executeTakeFirst();
    if (!workflow) throw new Error('the demo has an active list workflow');
    await t.database.db
      .updateTable('workflow')
      .set({ list_id: list.id })
      .where('id', '=', workflow.id)
      .execute();
    await post(t.app, demo, `${P}add_to_list/`, { search_word: tag, select_all: 1, list_id: list.id });
    const enrolled = await t.database.db
      .selectFrom('workflow_enrolment')
      .select('contact_id')
      .where('workflow_id', '=', workflow.id)
      .where(
        'contact_id',
        'in',
        people.map((p) => p.contact_id),
      )
      .execute();
    expect(enrolled).toHaveLength(5);
    await t.database.db
      .updateTable('workflow')
      .set({ list_id: workflow.list_id })
      .where('id', '=', workflow.id)
      .execute();
  });
});

describe('export_people/', () => {
  it('exports the filtered people as CSV with formulas neutralised', async () => {
    const tag = tagName();
    await create({
      first_name: tag,
      last_name: '=HYPERLINK("http://evil.example","x")',
      email: `${tag}@example.test`,
      designation: '+SUM(1,2)',
      industry: '=1+1',
      organization: '@risk, "quoted"',
    });
    await create({ first_name: tag, last_name: 'Plain', email: `${tag}2@example.test`, designation: '-1' });
    const response = await get(t.app, demo, `${P}export_people/`, { search_word: tag });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Name,Email,Designation,Organization,Industry,Revenue,Personality type,Personality,Status,Buyer stage,Engagement score,Phone number,Created on',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"${tag} =HYPERLINK(""http://evil.example"",""x"")"`);
    expect(lines[1]).toContain(`,"'+SUM(1,2)","'@risk, ""quoted""",'=1+1,`);
    expect(lines[2]).toContain(`${tag} Plain,${tag}2@example.test,'-1,`);
    const foreign = await get(t.app, other, `${P}export_people/`, { search_word: tag });
    expect(foreign.body.trim().split('\r\n')).toHaveLength(1);
  });
});

describe('accounts_listing/', () => {
  it('lists accounts with counts and score, searched and sorted; an account has its contacts', async () => {
    const response = await get(t.app, demo, `${P}accounts_listing/`, {
      search_word: 'acme',
      sort_by: 'name',
      sort_type: 'ASC',
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    const acme = page.data.find((a: { name: string }) => a.name === 'Acme Logistics');
    expect(acme).toMatchObject({ website: 'https://acme-logistics.test', industry: 'Transportation' });
    expect(acme.contacts_count).toBeGreaterThan(0);
    const contacts = await listing({ account_id: acme.account_id, limit: 100 });
    expect(contacts.data.length).toBe(acme.contacts_count);
    expect(new Set(contacts.data.map((p) => p.organization))).toEqual(new Set(['Acme Logistics']));
    const sorted = await get(t.app, demo, `${P}accounts_listing/`, {
      sort_by: 'contacts_count',
      sort_type: 'DESC',
      limit: 5,
    });
    const countsDesc = sorted.json().data.map((a: { contacts_count: number }) => a.contacts_count);
    expect(countsDesc).toEqual([...countsDesc].sort((a, b) => b - a));
    const foreign = await get(t.app, other, `${P}accounts_listing/`, { search_word: 'acme' });
    expect(foreign.json().total_count).toBe(0);
    const bad = await get(t.app, demo, `${P}accounts_listing/`, { sort_by: 'secret' });
    expect(bad.statusCode).toBe(400);
  });
});
