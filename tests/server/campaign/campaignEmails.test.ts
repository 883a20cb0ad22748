import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset, CampaignEmail, CampaignSummary, Edition } from '../../../domain/campaigns.ts';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { createColleague, get, post, signInColleague } from '../workflowTestKit.ts';

const B = '/api/campaign/';
let t: TestApp;
let demo: Session;
let other: Session;
let colleague: Session;

beforeAll(async () => {
  t = await createTestApp();
  demo = await signIn(t.app);
  other = await signIn(t.app, OTHER_ORG_LOGIN);
  await createColleague(t.database);
  colleague = await signInColleague(t.app);
});
afterAll(async () => {
  await t?.close();
});

type Res = { statusCode: number; body: string; json: () => unknown };
function ok<T>(response: Res): T {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: T }).data;
}
function expect400(response: Res, message?: RegExp) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as { success: boolean; message: string };
  expect(body.success).toBe(false);
  if (message) expect(body.message).toMatch(message);
}

async function campaign(name: string): Promise<CampaignSummary> {
  return ok(await post(t.app, demo, `${B}create_campaign/`, { campaign_name: name }));
}
async function email(fields: Record<string, string | number>, session = demo): Promise<CampaignEmail> {
  return ok(await post(t.app, session, `${B}create_email/`, fields));
}
async function firstCampaign(): Promise<CampaignSummary | undefined> {
  const response = await get(t.app, demo, `${B}get_campaigns/`, { limit: 1 });
  return (response.json() as { data: CampaignSummary[] }).data[0];
}

describe('create_email/', () => {
  it("creates a digest or ad hoc email with its 'Draft Edition' and moves the campaign to the top", async () => {
    const c = await campaign('Email Home');
    await campaign('Another On Top');
    const digest = await email({
      email_name: 'Weekly digest',
      campaign_id: c.campaign_id,
      email_type: 0,
      user_tz: 'UTC',
    });
    expect(digest).toMatchObject({
      name: 'Weekly digest',
      email_type: 0,
      campaign_id: c.campaign_id,
      campaign_name: 'Email Home',
    });
    expect(digest.editions).toHaveLength(1);
    expect(digest.editions[0]).toMatchObject({ name: 'Draft Edition', status: 'draft', articles_count: 0 });
    expect((await firstCampaign())?.campaign_id).toBe(c.campaign_id);
    const adhoc = await email({ email_name: 'Announcement', campaign_id: c.campaign_id, email_type: 1 });
    expect(adhoc.email_type).toBe(1);
  });

  it('creates the campaign on the way with create_campaign_flag', async () => {
    const made = await email({
      email_name: 'First of new',
      create_campaign_flag: 1,
      campaign_name: 'Made On The Way',
      keywords: 'alpha,beta',
    });
    expect(made.campaign_name).toBe('Made On The Way');
    const d = ok<{ keywords: string[]; emails: { all: CampaignEmail[] } }>(
      await get(t.app, demo, `${B}campaign_details/${made.campaign_id}/`),
    );
    expect(d.keywords).toEqual(['alpha', 'beta']);
    expect(d.emails.all.map((e) => e.email_id)).toEqual([made.email_id]);
    expect400(
      await post(t.app, demo, `${B}create_email/`, { email_name: 'x', create_campaign_flag: 1 }),
      /campaign_name/,
    );
    expect400(
      await post(t.app, demo, `${B}create_email/`, {
        email_name: 'x',
        create_campaign_flag: 1,
        campaign_name: 'made on the way',
      }),
      /Campaign with that name already exists/,
    );
  });

  it('clones an email with its drafts and curated articles but no sent editions, named "Copy of"', async () => {
    const c = await campaign('Clone Source');
    const original = await email({ email_name: 'To copy', campaign_id: c.campaign_id });
    const draft = original.editions[0] as Edition;
    const article = await t.database.db.selectFrom('articles').select('id').executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('edition_articles')
      .values({ version_id: draft.edition_id, article_id: article.id, position: 1, added_by: null })
      .execute();
    await t.database.db
      .insertInto('email_versions')
      .values({ org_id: DEMO_IDS.mainOrgId, email_id: original.email_id, name: 'Sent one', status: 'sent' })
      .execute();
    const copy = await email({ email_id: original.email_id, clone_only: 1 });
    expect(copy).toMatchObject({ name: 'Copy of To copy', campaign_id: c.campaign_id, articles_count: 1 });
    expect(copy.editions.map((e) => e.status)).toEqual(['draft']);
    const second = await email({ email_id: original.email_id, clone_only: 1 });
    expect(second.name).toBe('Copy of To copy (2)');
    expect400(await post(t.app, demo, `${B}create_email/`, { email_id: original.email_id }), /clone_only/);
    expect(
      (await post(t.app, other, `${B}create_email/`, { email_id: original.email_id, clone_only: 1 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await post(t.app, colleague, `${B}create_email/`, { email_id: original.email_id, clone_only: 1 }))
        .statusCode,
    ).toBe(403);
  });

  it("refuses a name the campaign has (any case), bad input, and another organisation's campaign", async () => {
    const c = await campaign('Name Clash Home');
    await email({ email_name: 'Same', campaign_id: c.campaign_id });
    expect400(
      await post(t.app, demo, `${B}create_email/`, { email_name: 'SAME', campaign_id: c.campaign_id }),
      /already exists/,
    );
    const elsewhere = await campaign('Other Home');
    await email({ email_name: 'Same', campaign_id: elsewhere.campaign_id });
    expect400(
      await post(t.app, demo, `${B}create_email/`, { campaign_id: c.campaign_id }),
      /email_name is required/,
    );
    expect400(await post(t.app, demo, `${B}create_email/`, { email_name: 'x', email_type: 5 }), /email_type/);
    expect400(await post(t.app, demo, `${B}create_email/`, { email_name: 'x', campaign_id: 'abc' }));
    expect400(await post(t.app, demo, `${B}create_email/`, { email_name: 'x'.repeat(151) }));
    const foreign = await post(t.app, other, `${B}create_email/`, {
      email_name: 'x',
      campaign_id: c.campaign_id,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('update_email/ and delete_email/', () => {
  it('renames and changes the subject; a taken name is refused; others get 404 or 403', async () => {
    const c = await campaign('Rename Emails');
    const a = await email({ email_name: 'Alpha', campaign_id: c.campaign_id });
    await email({ email_name: 'Beta', campaign_id: c.campaign_id });
    const renamed = ok<CampaignEmail>(
      await post(t.app, demo, `${B}update_email/`, {
        email_id: a.email_id,
        email_name: 'Gamma',
        subject: 'Hello',
      }),
    );
    expect(renamed).toMatchObject({ name: 'Gamma', subject: 'Hello' });
    expect400(
      await post(t.app, demo, `${B}update_email/`, { email_id: a.email_id, email_name: 'beta' }),
      /already exists/,
    );
    expect400(
      await post(t.app, demo, `${B}update_email/`, { email_id: a.email_id }),
      /email_name or subject/,
    );
    expect400(await post(t.app, demo, `${B}update_email/`, { email_id: a.email_id, subject: ' ' }));
    expect(
      (await post(t.app, other, `${B}update_email/`, { email_id: a.email_id, email_name: 'Mine' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await post(t.app, colleague, `${B}update_email/`, { email_id: a.email_id, email_name: 'Mine' }))
        .statusCode,
    ).toBe(403);
  });

  it('deletes an email with its editions; refuses one a workflow uses; checks the campaign', async () => {
    const c = await campaign('Delete Emails');
    const a = await email({ email_name: 'Gone', campaign_id: c.campaign_id });
    const wrongCampaign = await post(t.app, demo, `${B}delete_email/`, {
      email_id: a.email_id,
      campaign_id: 1,
    });
    expect(wrongCampaign.statusCode).toBe(404);
    ok(await post(t.app, demo, `${B}delete_email/`, { email_id: a.email_id, campaign_id: c.campaign_id }));
    expect(
      await t.database.db
        .selectFrom('email_versions')
        .select('id')
        .where('email_id', '=', a.email_id)
        .execute(),
    ).toEqual([]);
    const used = await t.database.db
      .selectFrom('workflow')
      .select(['email_id', 'name'])
      .where('org_id', '=', DEMO_IDS.mainOrgId)
      .where('email_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const refused = await post(t.app, demo, `${B}delete_email/`, { email_id: used.email_id ?? 0 });
    expect400(refused, /workflow/);
    expect((refused.json() as { message: string }).message).toContain(used.name);
    const asset = await email({ email_name: 'Asset gone', campaign_id: c.campaign_id });
    ok(await post(t.app, demo, `${B}delete_asset/`, { asset_id: asset.email_id }));
    expect((await post(t.app, demo, `${B}delete_asset/`, { asset_id: asset.email_id })).statusCode).toBe(404);
    expect400(await post(t.app, demo, `${B}delete_email/`, {}));
  });
});

describe('editions: create_edition/, delete_edition/, get_versions/', () => {
  it("adds a 'Draft Edition', lists versions, refuses deleting the last one", async () => {
    const c = await campaign('Editions Home');
    const e = await email({ email_name: 'Versioned', campaign_id: c.campaign_id });
    const added = ok<Edition>(await post(t.app, demo, `${B}create_edition/`, { asset_id: e.email_id }));
    expect(added).toMatchObject({
      name: 'Draft Edition',
      status: 'draft',
      email_id: e.email_id,
      articles_count: 0,
    });
    const versions = await get(t.app, demo, `${B}get_versions/`, { email_id: e.email_id });
    expect((versions.json() as { total_count: number }).total_count).toBe(2);
    ok(await post(t.app, demo, `${B}delete_edition/`, { edition_id: added.edition_id }));
    const last = e.editions[0] as Edition;
    expect400(
      await post(t.app, demo, `${B}delete_edition/`, { edition_id: last.edition_id }),
      /at least one edition/,
    );
    expect(
      (await post(t.app, other, `${B}delete_edition/`, { edition_id: last.edition_id })).statusCode,
    ).toBe(404);
    expect((await post(t.app, other, `${B}create_edition/`, { asset_id: e.email_id })).statusCode).toBe(404);
    expect((await get(t.app, other, `${B}get_versions/`, { email_id: e.email_id })).statusCode).toBe(404);
    expect400(await get(t.app, demo, `${B}get_versions/`, {}));
    expect400(await post(t.app, demo, `${B}create_edition/`, { asset_id: '1.5' }));
    expect400(await post(t.app, demo, `${B}delete_edition/`, { edition_id: 'x' }));
  });
});

describe('email lists', () => {
  it("get_draft_emails/ and get_scheduled_emails/ page a campaign's emails by edition state", async () => {
    const c = await campaign('Listed Emails');
    const a = await email({ email_name: 'Draft A', campaign_id: c.campaign_id });
    await email({ email_name: 'Draft B', campaign_id: c.campaign_id });
    await t.database.db
      .updateTable('email_versions')
      .set({ status: 'scheduled' })
      .where('email_id', '=', a.email_id)
      .execute();
    const drafts = (await get(t.app, demo, `${B}get_draft_emails/${c.campaign_id}/`, {})).json() as {
      total_count: number;
      marked_count: number;
      data: CampaignEmail[];
    };
    expect(drafts.data.map((e) => e.name)).toEqual(['Draft B']);
    expect(drafts.marked_count).toBe(0);
    const scheduled = (await get(t.app, demo, `${B}get_scheduled_emails/${c.campaign_id}/`, {})).json() as {
      data: CampaignEmail[];
    };
    expect(scheduled.data.map((e) => e.name)).toEqual(['Draft A']);
    expect((await get(t.app, other, `${B}get_draft_emails/${c.campaign_id}/`, {})).statusCode).toBe(404);
    expect400(await get(t.app, demo, `${B}get_draft_emails/${c.campaign_id}/`, { limit: 1000 }));
  });

  it('get_emails_without_campaign/ and get_email_browser_content/ show your emails with filters and counts', async () => {
    const loose = await email({ email_name: 'Loose Browser Email', email_type: 1 });
    expect(loose.campaign_id).toBeNull();
    const without = (
      await get(t.app, demo, `${B}get_emails_without_campaign/`, { search: 'loose browser' })
    ).json() as {
      data: CampaignEmail[];
    };
    expect(without.data.map((e) => e.email_id)).toEqual([loose.email_id]);
    const browse = async (query: Record<string, string | number>, session = demo) =>
      (await get(t.app, session, `${B}get_email_browser_content/`, query)).json() as {
        total_count: number;
        marked_count: number;
        data: CampaignEmail[];
      };
    expect((await browse({ search: 'Loose Browser', email_type: 'adhoc' })).total_count).toBe(1);
    expect((await browse({ search: 'Loose Browser', email_type: 0 })).total_count).toBe(0);
    expect((await browse({ search: 'Loose Browser' }, colleague)).total_count).toBe(0);
    expect((await browse({ search: 'Loose Browser' }, other)).total_count).toBe(0);
    const all = await browse({ limit: 100 });
    expect(all.total_count).toBeGreaterThanOrEqual(all.data.length);
    expect(all.marked_count).toBeLessThanOrEqual(all.total_count);
    expect400(await get(t.app, demo, `${B}get_email_browser_content/`, { email_type: 'weird' }));
  });

  it("get_assets/ pages the emails you may use as assets: type, curated articles, state; never another organisation's", async () => {
    const digest = await email({ email_name: 'Asset Digest Email', email_type: 0 });
    await email({ email_name: 'Asset Custom Email', email_type: 1 });
    const assets = async (query: Record<string, string | number>, session = demo) => {
      const response = await get(t.app, session, `${B}get_assets/`, query);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { total_count: number; marked_count: number; data: Asset[] };
    };
    const found = await assets({ search: 'Asset ' });
    expect(found.total_count).toBe(2);
    expect(found.data.map((a) => [a.name, a.asset_type, a.status, a.a_or_b])).toEqual([
      ['Asset Custom Email', 'Custom', 'draft', null],
      ['Asset Digest Email', 'Hybrid', 'draft', null],
    ]);
    const first = found.data[1] as Asset;
    expect(first).toMatchObject({
      asset_id: digest.email_id,
      id: digest.email_id,
      total_curated_articles: 0,
    });
    expect(first.editions.map((e) => e.name)).toEqual(['Draft Edition']);
    expect((await assets({ search: 'Asset ', email_type: 'digest' })).data.map((a) => a.name)).toEqual([
      'Asset Digest Email',
    ]);
    // The default page is 8; another organisation and a colleague see none of these.
    expect((await assets({})).data.length).toBeLessThanOrEqual(8);
    expect((await assets({ search: 'Asset ' }, other)).total_count).toBe(0);
    expect((await assets({ search: 'Asset ' }, colleague)).total_count).toBe(0);
    expect400(await get(t.app, demo, `${B}get_assets/`, { email_type: 'weird' }));
    expect400(await get(t.app, demo, `${B}get_assets/`, { limit: 0 }));
  });

  it("get_users/ lists the organisation's users only", async () => {
    const users = ok<{ user_id: number }[]>(await get(t.app, demo, `${B}get_users/`));
    expect(users.map((u) => u.user_id)).toContain(DEMO_IDS.demoUserId);
    expect(users.map((u) => u.user_id)).not.toContain(DEMO_IDS.otherOrgUserId);
  });
});

describe("a campaign's audience", () => {
  it('is the audience its new emails, new editions, copies and moved emails start with on the publish step', async () => {
    const list = await t.database.db
      .selectFrom('contact_lists')
      .select('id')
      .where('org_id', '=', DEMO_IDS.mainOrgId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const contact = await t.database.db
      .selectFrom('contacts')
      .select('id')
      .where('org_id', '=', DEMO_IDS.mainOrgId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const c = ok<CampaignSummary>(
      await post(t.app, demo, `${B}create_campaign/`, {
        campaign_name: 'Audience From Creation',
        list_ids: String(list.id),
        contact_ids: String(contact.id),
      }),
    );
    const audienceOf = async (versionId: number) => {
      const data = ok<{ list_ids: number[]; contact_ids: number[] }>(
        await get(t.app, demo, '/api/publish/publish_email/', { version_id: versionId }),
      );
      return { list_ids: data.list_ids, contact_ids: data.contact_ids };
    };
    const expected = { list_ids: [list.id], contact_ids: [contact.id] };
    const made = await email({ email_name: 'Audience email', campaign_id: c.campaign_id, email_type: 1 });
    expect(await audienceOf(made.editions[0]?.version_id as number)).toEqual(expected);
    const second = ok<Edition>(await post(t.app, demo, `${B}create_edition/`, { asset_id: made.email_id }));
    expect(await audienceOf(second.version_id)).toEqual(expected);
    const elsewhere = await email({ email_name: 'Audience elsewhere', email_type: 1 });
    expect(await audienceOf(elsewhere.editions[0]?.version_id as number)).toEqual({
      list_ids: [],
      contact_ids: [],
    });
    ok(
      await post(t.app, demo, `${B}update_email/`, {
        email_id: elsewhere.email_id,
        campaign_id: c.campaign_id,
      }),
    );
    expect(await audienceOf(elsewhere.editions[0]?.version_id as number)).toEqual(expected);
    // An audience chosen on the publish step is kept: a new edition does not change it.
    const chosen = made.editions[0]?.version_id as number;
    ok(
      await post(t.app, demo, '/api/publish/publish_configurations/', {
        version_id: chosen,
        list_ids: '',
        contact_ids: String(contact.id),
      }),
    );
    ok(await post(t.app, demo, `${B}create_edition/`, { asset_id: made.email_id }));
    expect(await audienceOf(chosen)).toEqual({ list_ids: [], contact_ids: [contact.id] });
  });
});
