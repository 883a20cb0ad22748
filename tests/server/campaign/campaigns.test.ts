import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDetails, CampaignSummary, CampaignsPage } from '../../../domain/campaigns.ts';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { get, post } from '../workflowTestKit.ts';

const B = '/api/campaign/';
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

async function page(query: Record<string, string | number> = {}, session = demo): Promise<CampaignsPage> {
  const response = await get(t.app, session, `${B}get_campaigns/`, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function create(fields: Record<string, string | number>, session = demo): Promise<CampaignSummary> {
  const response = await post(t.app, session, `${B}create_campaign/`, fields);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function createEmail(fields: Record<string, string | number>, session = demo) {
  const response = await post(t.app, session, `${B}create_email/`, fields);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { email_id: number; editions: { edition_id: number; name: string }[] };
}

async function details(id: number, session = demo): Promise<CampaignDetails> {
  const response = await get(t.app, session, `${B}campaign_details/${id}/`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

function expect400(response: { statusCode: number; json: () => unknown; body: string }, message?: RegExp) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as { success: boolean; message: string };
  expect(body.success).toBe(false);
  if (message) expect(body.message).toMatch(message);
}

describe('get_campaigns/', () => {
  it("pages the organisation's campaigns with totals from their emails' events and counts by type", async () => {
    const first = await page({ limit: 3 });
    expect(first.data).toHaveLength(3);
    expect(first.total_count).toBeGreaterThan(3);
    expect(first.total_emails_count).toBe(
      first.adhoc_emails_count + first.digest_emails_count + first.ai_emails_count,
    );
    const all = (await page({ limit: 100 })).data;
    expect(all.every((c) => c.campaign_name && typeof c.totals.sent === 'number')).toBe(true);
    const withSends = all.find((c) => c.totals.sent > 0);
    expect(withSends, 'the demo data has sent campaigns').toBeDefined();
    const rest = await page({ offset: 3, limit: 100 });
    expect(rest.data.map((c) => c.campaign_id)).toEqual(all.slice(3).map((c) => c.campaign_id));
    const other = await page({}, other_());
    expect(other.data.map((c) => c.campaign_id)).not.toEqual(expect.arrayContaining([all[0]?.campaign_id]));
  });

  it('filters by search, user and email type; list_only gives ids and names', async () => {
    const made = await create({ campaign_name: 'Zebra Filter Campaign' });
    await createEmail({ email_name: 'Ad hoc one', email_type: 1, campaign_id: made.campaign_id });
    const found = await page({ search_campaign: 'zebra filter' });
    expect(found.data.map((c) => c.campaign_name)).toEqual(['Zebra Filter Campaign']);
    expect(found.adhoc_emails_count).toBe(1);
    expect((await page({ search_campaign: 'zebra', email_type: 0 })).total_count).toBe(0);
    expect((await page({ search_campaign: 'zebra', email_type: 'adhoc' })).total_count).toBe(1);
    expect((await page({ search_campaign: 'zebra', user_id: DEMO_IDS.colleagueUserId })).total_count).toBe(0);
    expect((await page({ search_campaign: 'zebra', user_id: DEMO_IDS.demoUserId })).total_count).toBe(1);
    const names = await get(t.app, demo, `${B}get_campaigns/`, { list_only: 1 });
    expect(names.json().data[0]).toEqual({
      campaign_id: made.campaign_id,
      campaign_name: 'Zebra Filter Campaign',
    });
  });

  it('refuses bad paging and filters with 400', async () => {
    for (const query of [{ limit: 0 }, { limit: 'x' }, { offset: -1 }, { email_type: 7 }, { user_id: 'abc' }])
      expect400(await get(t.app, demo, `${B}get_campaigns/`, query));
  });
});

describe('create_campaign/ and update_campaign/', () => {
  it('creates on top with keywords, advanced search and the audience; accepts user_tz', async () => {
    const lists = await t.database.db
      .selectFrom('contact_lists')
      .select('id')
      .where('org_id', '=', DEMO_IDS.mainOrgId)
      .limit(2)
      .execute();
    const contacts = await t.database.db
      .selectFrom('contacts')
      .select('id')
      .where('org_id', '=', DEMO_IDS.mainOrgId)
      .limit(3)
      .execute();
    const made = await create({
      campaign_name: '  Autumn   Launch ',
      keywords: '["ai","Data"]',
      list_ids: lists.map((l) => l.id).join(','),
      contact_ids: JSON.stringify(contacts.map((c) => c.id)),
      advanced_search: JSON.stringify({ include_keywords: ['cloud'] }),
      exclude_keywords: 'crypto',
      user_tz: 'Europe/Paris',
    });
    expect(made).toMatchObject({ campaign_name: 'Autumn Launch', emails_count: 0 });
    expect((await page()).data[0]?.campaign_id).toBe(made.campaign_id);
    const d = await details(made.campaign_id);
    expect(d.keywords).toEqual(['ai', 'Data']);
    expect(d.advanced_search).toEqual({ include_keywords: ['cloud'], exclude_keywords: ['crypto'] });
    expect(d.list_ids).toHaveLength(lists.length);
    expect(d.contact_ids).toHaveLength(3);
  });

  it('refuses a name that exists in any case, bad input and foreign lists or contacts', async () => {
    await create({ campaign_name: 'Unique Name Check' });
    expect400(
      await post(t.app, demo, `${B}create_campaign/`, { campaign_name: 'unique NAME check' }),
      /already exists/,
    );
    expect400(await post(t.app, demo, `${B}create_campaign/`, { campaign_name: '   ' }), /name/);
    expect400(await post(t.app, demo, `${B}create_campaign/`, {}), /campaign_name is required/);
    expect400(await post(t.app, demo, `${B}create_campaign/`, { campaign_name: 'x'.repeat(121) }));
    expect400(await post(t.app, demo, `${B}create_campaign/`, { campaign_name: 'A', list_ids: 'a,b' }));
    expect400(await post(t.app, demo, `${B}create_campaign/`, { campaign_name: 'A', advanced_search: '{' }));
    expect400(
      await post(t.app, demo, `${B}create_campaign/`, { campaign_name: 'A', advanced_search: '{"x":1}' }),
    );
    expect400(await post(t.app, demo, `${B}create_campaign/`, { campaign_name: 'A', keywords: '[1]' }));
    const foreignList = await t.database.db
      .selectFrom('contact_lists')
      .select('id')
      .where('org_id', '=', DEMO_IDS.otherOrgId)
      .executeTakeFirstOrThrow();
    const response = await post(t.app, demo, `${B}create_campaign/`, {
      campaign_name: 'Foreign list',
      list_ids: String(foreignList.id),
    });
    expect(response.statusCode).toBe(404);
  });

  it('renames (the campaign takes the top), refuses a taken name, 404 for another organisation', async () => {
    const a = await create({ campaign_name: 'Rename Me' });
    await create({ campaign_name: 'Taken Name' });
    const renamed = await post(t.app, demo, `${B}update_campaign/`, {
      campaign_id: a.campaign_id,
      name: 'Renamed',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await page()).data[0]).toMatchObject({ campaign_id: a.campaign_id, campaign_name: 'Renamed' });
    const same = await post(t.app, demo, `${B}update_campaign/`, {
      campaign_id: a.campaign_id,
      name: 'RENAMED',
    });
    expect(same.statusCode).toBe(200);
    expect400(
      await post(t.app, demo, `${B}update_campaign/`, { campaign_id: a.campaign_id, name: 'taken name' }),
      /already exists/,
    );
    expect400(await post(t.app, demo, `${B}update_campaign/`, { campaign_id: 'x', name: 'y' }));
    const foreign = await post(t.app, other, `${B}update_campaign/`, {
      campaign_id: a.campaign_id,
      name: 'Mine',
    });
    expect(foreign.statusCode).toBe(404);
    expect((await get(t.app, other, `${B}campaign_details/${a.campaign_id}/`)).statusCode).toBe(404);
    expect400(await get(t.app, demo, `${B}campaign_details/abc/`));
  });
});

describe('campaign_details/{id}/', () => {
  it('groups emails by edition status and graphs sends, opens and clicks per day', async () => {
    const withSends = (await page({ limit: 100 })).data.find((c) => c.totals.sent > 0);
    if (!withSends) throw new Error('no sent campaign in the demo data');
    const d = await details(withSends.campaign_id);
    expect(d.emails.all.length).toBe(withSends.emails_count);
    expect(d.emails.draft.length).toBeGreaterThan(0);
    // Emails a workflow sent (no sent edition) count as sent.
    const sentIds = await t.database.db
      .selectFrom('email_event')
      .select('email_id')
      .distinct()
      .where('kind', '=', 'sent')
      .where('campaign_id', '=', withSends.campaign_id)
      .execute();
    expect(d.emails.sent.length).toBeGreaterThan(0);
    expect(d.emails.sent.map((e) => e.email_id).sort()).toEqual(
      expect.arrayContaining(sentIds.map((r) => r.email_id).filter((id) => id !== null)),
    );
    expect(d.emails.all[0]?.editions.length).toBeGreaterThan(0);
    expect(d.graph.length).toBeGreaterThan(0);
    expect(d.graph.reduce((sum, p) => sum + p.sent, 0)).toBe(withSends.totals.sent);
    expect(d.graph[0]?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const sent = await t.database.db
      .updateTable('email_versions')
      .set({ status: 'sent' })
      .where('email_id', '=', d.emails.all[0]?.email_id ?? 0)
      .returning('id')
      .execute();
    expect(sent.length).toBeGreaterThan(0);
    const after = await details(withSends.campaign_id);
    expect(after.emails.sent.map((e) => e.email_id)).toContain(d.emails.all[0]?.email_id);
  });
});

describe('clone_campaign/{id}/', () => {
  it('puts the copy right after the original with zeroed totals, its emails, drafts and articles', async () => {
    const withSends = (await page({ limit: 100 })).data.find((c) => c.totals.sent > 0 && c.emails_count > 0);
    if (!withSends) throw new Error('no sent campaign in the demo data');
    const original = await details(withSends.campaign_id);
    const draft = original.emails.all[0]?.editions.find((e) => e.status === 'draft');
    const article = await t.database.db.selectFrom('articles').select('id').executeTakeFirst();
    if (draft && article)
      await t.database.db
        .insertInto('edition_articles')
        .values({ version_id: draft.edition_id, article_id: article.id, position: 1, added_by: null })
        .execute();
    const response = await post(t.app, demo, `${B}clone_campaign/${withSends.campaign_id}/`, {});
    expect(response.statusCode, response.body).toBe(200);
    const copy: CampaignSummary = response.json().data;
    expect(copy.campaign_name).toBe(`Copy of ${withSends.campaign_name}`);
    expect(copy.totals).toEqual({ contacts: 0, sent: 0, delivered: 0, open: 0, clicks: 0 });
    expect(copy.emails_count).toBe(withSends.emails_count);
    const order = (await page({ limit: 100 })).data.map((c) => c.campaign_id);
    expect(order.indexOf(copy.campaign_id)).toBe(order.indexOf(withSends.campaign_id) + 1);
    const copied = await details(copy.campaign_id);
    expect(copied.graph).toEqual([]);
    expect(copied.emails.sent).toEqual([]);
    expect(copied.emails.all.map((e) => e.name).sort()).toEqual(
      original.emails.all.map((e) => e.name).sort(),
    );
    if (draft && article) {
      const twin = copied.emails.all.find((e) => e.name === original.emails.all[0]?.name);
      expect(twin?.articles_count).toBe(1);
    }
    const again = await post(t.app, demo, `${B}clone_campaign/${withSends.campaign_id}/`, {});
    expect(again.json().data.campaign_name).toBe(`Copy of ${withSends.campaign_name} (2)`);
    expect((await post(t.app, other, `${B}clone_campaign/${withSends.campaign_id}/`, {})).statusCode).toBe(
      404,
    );
    expect400(await post(t.app, demo, `${B}clone_campaign/0/`, {}));
  });
});

describe('delete_campaign/', () => {
  it('dry_run names what goes; deleting takes its emails and editions', async () => {
    const made = await create({ campaign_name: 'Delete With Emails' });
    const email = await createEmail({ email_name: 'Doomed', campaign_id: made.campaign_id });
    const dry = await post(t.app, demo, `${B}delete_campaign/`, {
      campaign_id: made.campaign_id,
      dry_run: 1,
    });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toMatchObject({
      campaign_name: 'Delete With Emails',
      emails: [{ email_id: email.email_id, name: 'Doomed' }],
      sends: 0,
      workflows: [],
    });
    expect((await get(t.app, demo, `${B}campaign_details/${made.campaign_id}/`)).statusCode).toBe(200);
    const done = await post(t.app, demo, `${B}delete_campaign/`, { campaign_id: made.campaign_id });
    expect(done.statusCode, done.body).toBe(200);
    expect((await get(t.app, demo, `${B}campaign_details/${made.campaign_id}/`)).statusCode).toBe(404);
    const left = await t.database.db
      .selectFrom('email_versions')
      .select('id')
      .where('email_id', '=', email.email_id)
      .execute();
    expect(left).toEqual([]);
  });

  it('refuses while a workflow uses one of its emails, naming it; 404 for another organisation', async () => {
    const used = await t.database.db
      .selectFrom('workflow')
      .innerJoin('emails', 'emails.id', 'workflow.email_id')
      .select(['emails.campaign_id', 'workflow.name'])
      .where('workflow.org_id', '=', DEMO_IDS.mainOrgId)
      .where('emails.campaign_id', 'is not', null)
      .executeTakeFirst();
    if (!used?.campaign_id) throw new Error('no workflow email in a campaign in the demo data');
    const dry = await post(t.app, demo, `${B}delete_campaign/`, {
      campaign_id: used.campaign_id,
      dry_run: 1,
    });
    expect(dry.json().data.workflows.map((w: { name: string }) => w.name)).toContain(used.name);
    const refused = await post(t.app, demo, `${B}delete_campaign/`, { campaign_id: used.campaign_id });
    expect400(refused, /workflow/);
    expect(refused.json().message).toContain(used.name);
    expect(
      (await post(t.app, other, `${B}delete_campaign/`, { campaign_id: used.campaign_id })).statusCode,
    ).toBe(404);
    expect400(await post(t.app, demo, `${B}delete_campaign/`, { campaign_id: '' }));
  });
});

function other_() {
  return other;
}
