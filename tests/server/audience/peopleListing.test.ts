import { describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import type { Session, TestApp } from '../../helpers/testApp.ts';
import { get } from '../workflowTestKit.ts';
import { P, peopleFixture, tagName } from './peopleFixture.ts';

let t: TestApp;
let demo: Session;
let other: Session;
const { create, listing, makeGroup } = peopleFixture((fixture) => ({ t, demo, other } = fixture));

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
