import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDetails, CampaignEmail, CampaignSummary } from '../../../domain/campaigns.ts';
import type { EmailDesign } from '../../../domain/emailDesign.ts';
import type { EditionDesign, TemplateSummary } from '../../../domain/publishAnswers.ts';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { everyKindDesign } from '../publish/designFixtures.ts';
import { get, post } from '../workflowTestKit.ts';

const C = '/api/campaign/';
const P = '/api/publish/';
let t: TestApp;
let demo: Session;
let other: Session;
let ownFeed: number;
let otherFeed: number;
let globalSource: { id: number; name: string };

beforeAll(async () => {
  t = await createTestApp();
  demo = await signIn(t.app);
  other = await signIn(t.app, OTHER_ORG_LOGIN);
  const db = t.database.db;
  const feed = (orgId: number, name: string) =>
    db
      .insertInto('article_sources')
      .values({
        org_id: orgId,
        name,
        feed_url: `https://feeds.example.com/${orgId}.xml`,
        fetch_enabled: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  ownFeed = (await feed(DEMO_IDS.mainOrgId, 'Our newsroom')).id;
  const otherOrg = await db
    .selectFrom('users')
    .select('org_id')
    .where('email', '=', OTHER_ORG_LOGIN.email)
    .executeTakeFirstOrThrow();
  otherFeed = (await feed(otherOrg.org_id, 'Their newsroom')).id;
  globalSource = await db
    .selectFrom('article_sources')
    .select(['id', 'name'])
    .where('org_id', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
});
afterAll(async () => {
  await t?.close();
});

type Res = { statusCode: number; body: string; json: () => unknown };
function ok<T>(response: Res): T {
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: T }).data;
}
function refused(response: Res, status: number, message?: RegExp) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { success: boolean; message: string };
  expect(body.success).toBe(false);
  if (message) expect(body.message).toMatch(message);
}
const campaign = async (name: string, fields: Record<string, string | number> = {}) =>
  ok<CampaignSummary>(await post(t.app, demo, `${C}create_campaign/`, { campaign_name: name, ...fields }));
const email = async (fields: Record<string, string | number>, session = demo) =>
  ok<CampaignEmail>(await post(t.app, session, `${C}create_email/`, fields));
const details = async (id: number | null) =>
  ok<CampaignDetails>(await get(t.app, demo, `${C}campaign_details/${id}/`));
const design = async (versionId: number | undefined) =>
  ok<EditionDesign>(await get(t.app, demo, `${P}design/`, { version_id: versionId as number }));

describe("a campaign's content sources (create_campaign/ and create_email/ with create_campaign_flag)", () => {
  it('stores the global pool, own feeds and excluded sources, and shows them by name', async () => {
    const made = await campaign('Sourced', {
      include_sources: `global,${ownFeed}`,
      exclude_sources: String(globalSource.id),
    });
    const d = await details(made.campaign_id);
    expect(d.advanced_search).toMatchObject({
      include_sources: ['global', ownFeed],
      exclude_sources: [globalSource.id],
    });
    expect(d.content_sources).toEqual({
      include: [
        { id: 'global', name: 'Global pool' },
        { id: ownFeed, name: 'Our newsroom' },
      ],
      exclude: [{ id: globalSource.id, name: globalSource.name }],
    });
    const json = await campaign('Sourced as JSON', {
      advanced_search: JSON.stringify({ include_sources: [ownFeed], include_keywords: ['cloud'] }),
    });
    expect((await details(json.campaign_id)).content_sources.include).toEqual([
      { id: ownFeed, name: 'Our newsroom' },
    ]);
    const onTheWay = await email({
      email_name: 'Sourced email',
      create_campaign_flag: 1,
      campaign_name: 'Sourced on the way',
      advanced_search: JSON.stringify({ include_sources: ['global'] }),
    });
    expect((await details(onTheWay.campaign_id)).content_sources.include).toEqual([
      { id: 'global', name: 'Global pool' },
    ]);
  });

  it("refuses another organisation's feed (404, nothing stored) and bad source lists (400)", async () => {
    refused(
      await post(t.app, demo, `${C}create_campaign/`, {
        campaign_name: 'Foreign feed',
        include_sources: otherFeed,
      }),
      404,
      /Source not found/,
    );
    refused(
      await post(t.app, demo, `${C}create_campaign/`, {
        campaign_name: 'Foreign JSON feed',
        advanced_search: JSON.stringify({ exclude_sources: [otherFeed] }),
      }),
      404,
    );
    const names = ok<never>(
      await get(t.app, demo, `${C}get_campaigns/`, { search_campaign: 'Foreign' }),
    ) as unknown;
    expect(names).toEqual([]);
    refused(
      await post(t.app, demo, `${C}create_campaign/`, { campaign_name: 'Bad', include_sources: 'nope' }),
      400,
    );
    refused(
      await post(t.app, demo, `${C}create_campaign/`, {
        campaign_name: 'Bad JSON',
        advanced_search: JSON.stringify({ include_sources: ['everything'] }),
      }),
      400,
    );
  });
});

describe("update_campaign/ sets a campaign's content sources (its source step)", () => {
  it('replaces the stored sources and keywords, keeps the name, and puts the campaign on top', async () => {
    const made = await campaign('Source step', { include_sources: 'global', include_keywords: 'cloud' });
    await campaign('Made later');
    const advanced = {
      include_sources: [ownFeed],
      exclude_sources: [globalSource.id],
      include_keywords: ['ai'],
    };
    const updated = ok<CampaignSummary>(
      await post(t.app, demo, `${C}update_campaign/`, {
        campaign_id: made.campaign_id,
        advanced_search: JSON.stringify(advanced),
      }),
    );
    expect(updated.campaign_name).toBe('Source step');
    const d = await details(made.campaign_id);
    expect(d.advanced_search).toEqual(advanced);
    expect(d.content_sources.include).toEqual([{ id: ownFeed, name: 'Our newsroom' }]);
    const top = ok<CampaignSummary[]>(await get(t.app, demo, `${C}get_campaigns/`, { limit: 1 }));
    expect(top[0]?.campaign_id).toBe(made.campaign_id);
    // {} is the default again: the global pool and every feed.
    ok(
      await post(t.app, demo, `${C}update_campaign/`, {
        campaign_id: made.campaign_id,
        advanced_search: '{}',
      }),
    );
    expect((await details(made.campaign_id)).content_sources).toEqual({ include: [], exclude: [] });
  });

  it("refuses another organisation's feed or campaign (404) and bad input (400), changing nothing", async () => {
    const made = await campaign('Source step refusals', { include_sources: 'global' });
    const set = (session: Session, fields: Record<string, string | number>) =>
      post(t.app, session, `${C}update_campaign/`, { campaign_id: made.campaign_id, ...fields });
    refused(await set(demo, { advanced_search: JSON.stringify({ include_sources: [otherFeed] }) }), 404);
    refused(await set(other, { advanced_search: '{}' }), 404);
    refused(await set(demo, { advanced_search: '{not json' }), 400, /not valid JSON/);
    refused(await set(demo, { advanced_search: JSON.stringify({ include_sources: ['x'] }) }), 400);
    refused(await set(demo, {}), 400, /new name or its content sources/);
    expect((await details(made.campaign_id)).advanced_search).toEqual({ include_sources: ['global'] });
  });
});

describe('update_email/ moves an email to another campaign', () => {
  it('moves it with its editions; both campaigns change; the name must be free there', async () => {
    const from = await campaign('Move from');
    const to = await campaign('Move to');
    const moving = await email({ email_name: 'Traveller', campaign_id: from.campaign_id });
    const moved = ok<CampaignEmail>(
      await post(t.app, demo, `${C}update_email/`, {
        email_id: moving.email_id,
        campaign_id: to.campaign_id,
      }),
    );
    expect(moved).toMatchObject({ campaign_id: to.campaign_id, campaign_name: 'Move to', name: 'Traveller' });
    expect(moved.editions.map((e) => e.edition_id)).toEqual(moving.editions.map((e) => e.edition_id));
    expect((await details(from.campaign_id)).emails.all).toEqual([]);
    expect((await details(to.campaign_id)).emails.all.map((e) => e.email_id)).toEqual([moving.email_id]);
    const top = ok<never>(
      await get(t.app, demo, `${C}get_campaigns/`, { limit: 1 }),
    ) as unknown as CampaignSummary[];
    expect(top[0]?.campaign_id).toBe(to.campaign_id);

    // The name is taken in the campaign it would move to (any case): refused, nothing moves.
    const stay = await email({ email_name: 'traveller', campaign_id: from.campaign_id });
    refused(
      await post(t.app, demo, `${C}update_email/`, { email_id: stay.email_id, campaign_id: to.campaign_id }),
      400,
      /already exists/,
    );
    // Renamed on the way, it moves.
    const renamed = ok<CampaignEmail>(
      await post(t.app, demo, `${C}update_email/`, {
        email_id: stay.email_id,
        campaign_id: to.campaign_id,
        email_name: 'Second traveller',
      }),
    );
    expect(renamed).toMatchObject({ campaign_id: to.campaign_id, name: 'Second traveller' });
  });

  it('moves it into a campaign made on the way with create_campaign_flag', async () => {
    const lone = await email({ email_name: 'Lone email' });
    expect(lone.campaign_id).toBeNull();
    const moved = ok<CampaignEmail>(
      await post(t.app, demo, `${C}update_email/`, {
        email_id: lone.email_id,
        create_campaign_flag: 1,
        campaign_name: 'Home for the lone',
        keywords: 'one,two',
      }),
    );
    expect(moved.campaign_name).toBe('Home for the lone');
    expect((await details(moved.campaign_id)).keywords).toEqual(['one', 'two']);
  });

  it("answers 404 for another organisation's campaign or email, 400 for bad input", async () => {
    const mine = await campaign('Move guard');
    const e = await email({ email_name: 'Guarded', campaign_id: mine.campaign_id });
    const theirs = ok<CampaignSummary>(
      await post(t.app, other, `${C}create_campaign/`, { campaign_name: 'Their campaign' }),
    );
    refused(
      await post(t.app, demo, `${C}update_email/`, { email_id: e.email_id, campaign_id: theirs.campaign_id }),
      404,
    );
    refused(
      await post(t.app, other, `${C}update_email/`, {
        email_id: e.email_id,
        campaign_id: theirs.campaign_id,
      }),
      404,
    );
    refused(await post(t.app, demo, `${C}update_email/`, { email_id: e.email_id, campaign_id: 'abc' }), 400);
    refused(await post(t.app, demo, `${C}update_email/`, { email_id: e.email_id }), 400);
    refused(
      await post(t.app, demo, `${C}update_email/`, { email_id: e.email_id, create_campaign_flag: 1 }),
      400,
    );
    refused(
      await post(t.app, demo, `${C}update_email/`, {
        email_id: e.email_id,
        create_campaign_flag: 1,
        campaign_name: 'Both',
        campaign_id: mine.campaign_id,
      }),
      400,
    );
    refused(
      await post(t.app, demo, `${C}update_email/`, { email_id: e.email_id, create_campaign_flag: 'maybe' }),
      400,
    );
    expect((await details(mine.campaign_id)).emails.all.map((x) => x.email_id)).toEqual([e.email_id]);
  });
});

describe('create_email/ from a template, and clones, carry the design', () => {
  it("starts the first edition from a product template's design, in the organisation's brand", async () => {
    const list = await get(t.app, demo, `${P}templates/`, { tab: 'featured_tab' });
    const announcement = (list.json() as { data: TemplateSummary[] }).data.find(
      (x) => x.name === 'Announcement',
    );
    expect(announcement).toBeDefined();
    const made = await email({
      email_name: 'From a template',
      email_type: 1,
      template_id: announcement?.id as number,
    });
    const data = await design(made.editions[0]?.version_id);
    expect(data.design_saved_at).not.toBeNull();
    const template = ok<{ design: EmailDesign }>(await get(t.app, demo, `${P}template/${announcement?.id}/`));
    expect(data.design.blocks.map((b) => b.kind)).toEqual(template.design.blocks.map((b) => b.kind));
    expect(data.design.blocks.some((b) => b.kind === 'articleList')).toBe(false);
    // Without a template, the edition is not designed yet.
    const plain = await email({ email_name: 'No template', email_type: 1 });
    expect((await design(plain.editions[0]?.version_id)).design_saved_at).toBeNull();
  });

  it("refuses an unknown or another organisation's template (404, no email made) and bad input (400)", async () => {
    const theirs = await email({ email_name: 'Their designed', email_type: 1 }, other);
    const saved = await post(t.app, other, `${P}design/save/`, {
      version_id: theirs.editions[0]?.version_id as number,
      version_name: 'Edition one',
      design: JSON.stringify(everyKindDesign(1)),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const template = ok<{ id: number }>(
      await post(t.app, other, `${P}save_template/`, {
        name: 'Their shared',
        shared: 1,
        version_id: theirs.editions[0]?.version_id as number,
      }),
    );
    refused(
      await post(t.app, demo, `${C}create_email/`, { email_name: 'Stolen', template_id: template.id }),
      404,
    );
    refused(
      await post(t.app, demo, `${C}create_email/`, { email_name: 'Unknown', template_id: 987654 }),
      404,
    );
    refused(await post(t.app, demo, `${C}create_email/`, { email_name: 'Bad', template_id: 'x' }), 400);
    const browser = await get(t.app, demo, `${C}get_email_browser_content/`, { search: 'Stolen' });
    expect((browser.json() as { total_count: number }).total_count).toBe(0);
    const original = await email({ email_name: 'Clone source' });
    refused(
      await post(t.app, demo, `${C}create_email/`, {
        email_id: original.email_id,
        clone_only: 1,
        template_id: template.id,
      }),
      400,
    );
  });

  it('clones an email with the design of its draft editions', async () => {
    const original = await email({ email_name: 'Designed original', email_type: 1 });
    const versionId = original.editions[0]?.version_id as number;
    const saved = await post(t.app, demo, `${P}design/save/`, {
      version_id: versionId,
      version_name: 'Designed edition',
      design: JSON.stringify(everyKindDesign(1)),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = await design(versionId);
    const copy = await email({ email_id: original.email_id, clone_only: 1 });
    expect(copy.name).toBe('Copy of Designed original');
    const after = await design(copy.editions[0]?.version_id);
    expect(after.version_id).not.toBe(versionId);
    expect(after.version_name).toBe('Designed edition');
    expect(after.design).toEqual(before.design);
    expect(after.design_saved_at).not.toBeNull();
    expect(after.preview_text).toBe(before.preview_text);
  });
});
