import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurationResult, CurationTarget } from '../../../domain/contentArticles.ts';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { get, post } from '../workflowTestKit.ts';

const C = '/api/campaign/';
let t: TestApp;
let demo: Session;
let other: Session;
let campaignId: number;
let emailId: number;
let versionId: number;
let foreignVersionId: number;
let pool: number[];

async function newEmail(orgId: number, userId: number, campaign: number | null, name: string) {
  const email = await t.database.db
    .insertInto('emails')
    .values({
      org_id: orgId,
      user_id: userId,
      campaign_id: campaign,
      name,
      subject: name,
      email_type: 0,
      design_ready: false,
      sent_from: 'news@example.com',
      sender_name: 'News',
      email_platform: 'workbench',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const version = await t.database.db
    .selectFrom('email_versions')
    .select('id')
    .where('email_id', '=', email.id)
    .executeTakeFirstOrThrow();
  return { emailId: email.id, versionId: version.id };
}

async function edition(id: number) {
  return t.database.db
    .selectFrom('edition_articles')
    .select(['article_id', 'position'])
    .where('version_id', '=', id)
    .orderBy('position')
    .execute();
}

async function curate(fields: Record<string, string | number | undefined>, session = demo) {
  return post(t.app, session, `${C}curated_articles/`, fields);
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await signIn(t.app);
  other = await signIn(t.app, OTHER_ORG_LOGIN);
  const campaign = await t.database.db
    .insertInto('campaigns')
    .values({ org_id: DEMO_IDS.mainOrgId, user_id: DEMO_IDS.demoUserId, name: 'Curation Test Campaign' })
    .returning('id')
    .executeTakeFirstOrThrow();
  campaignId = campaign.id;
  ({ emailId, versionId } = await newEmail(
    DEMO_IDS.mainOrgId,
    DEMO_IDS.demoUserId,
    campaignId,
    'Weekly digest',
  ));
  ({ versionId: foreignVersionId } = await newEmail(
    DEMO_IDS.otherOrgId,
    DEMO_IDS.otherOrgUserId,
    null,
    'Harbor digest',
  ));
  pool = (
    await t.database.db
      .selectFrom('articles')
      .select('id')
      .where('org_id', 'is', null)
      .orderBy('id')
      .limit(6)
      .execute()
  ).map((r) => r.id);
});
afterAll(async () => {
  await t?.close();
});

describe('curated_articles/', () => {
  it('adds articles at the end in the given order, bumps the edition and moves the campaign to the top', async () => {
    const [a, b, c] = pool as [number, number, number];
    const first = await curate({ new_article_ids: `${b},${a}`, email_id: emailId, campaign_id: campaignId });
    expect(first.statusCode, first.body).toBe(200);
    const body: CurationResult & { success: boolean } = first.json();
    expect(body).toMatchObject({
      success: true,
      version_id: versionId,
      articles_count: 2,
      articles_already_curated: [],
      added_article_ids: [b, a],
    });
    const second = await curate({ new_article_ids: String(c), version_id: versionId });
    expect(second.json()).toMatchObject({ articles_count: 3, added_article_ids: [c] });
    expect((await edition(versionId)).map((r) => r.article_id)).toEqual([b, a, c]);
    const top = await t.database.db
      .selectFrom('campaigns')
      .select(['id'])
      .where('org_id', '=', DEMO_IDS.mainOrgId)
      .orderBy('position', 'desc')
      .executeTakeFirstOrThrow();
    expect(top.id).toBe(campaignId);
  });

  it('never adds an article twice: the same articles answer success with articles_already_curated', async () => {
    const [a, b, , d] = pool as [number, number, number, number];
    const before = await edition(versionId);
    const again = await curate({ new_article_ids: `${a},${b}`, email_id: emailId });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      success: true,
      articles_count: before.length,
      added_article_ids: [],
      articles_already_curated: [a, b],
    });
    const mixed = await curate({ new_article_ids: `${a},${d}`, version_id: versionId });
    expect(mixed.json()).toMatchObject({ articles_already_curated: [a], added_article_ids: [d] });
    const rows = await edition(versionId);
    expect(rows).toHaveLength(before.length + 1);
    expect(new Set(rows.map((r) => r.article_id)).size).toBe(rows.length);
  });

  it('marks curated articles as is_curated in the explorer', async () => {
    const response = await get(t.app, demo, '/api/user/articles/', { include_sources: 'global', limit: 100 });
    // Curated anywhere in the organisation: this test's edition and the demo's sent digest issues.
    const rows = await t.database.db
      .selectFrom('edition_articles as ea')
      .innerJoin('email_versions as v', 'v.id', 'ea.version_id')
      .select('ea.article_id')
      .where('v.org_id', '=', DEMO_IDS.mainOrgId)
      .execute();
    const curated = new Set(rows.map((r) => r.article_id));
    for (const row of await edition(versionId)) expect(curated.has(row.article_id)).toBe(true);
    const page: { data: { id: number; is_curated: boolean }[] } = response.json();
    for (const article of page.data) expect(article.is_curated).toBe(curated.has(article.id));
  });

  it("refuses bad input (400) and another organisation's edition, email or article (404)", async () => {
    for (const fields of [
      {},
      { new_article_ids: '', email_id: emailId },
      { new_article_ids: 'x,y', email_id: emailId },
      { new_article_ids: String(pool[0]) },
      { new_article_ids: String(pool[0]), email_id: 'abc' },
    ]) {
      const response = await curate(fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
    expect(
      (await curate({ new_article_ids: String(pool[0]), version_id: foreignVersionId })).statusCode,
    ).toBe(404);
    expect((await curate({ new_article_ids: String(pool[0]), email_id: emailId }, other)).statusCode).toBe(
      404,
    );
    expect((await curate({ new_article_ids: String(pool[0]), email_id: 99999999 })).statusCode).toBe(404);
    expect(
      (await curate({ new_article_ids: String(pool[0]), email_id: emailId, campaign_id: campaignId + 999 }))
        .statusCode,
    ).toBe(404);
    const foreignArticle = await t.database.db
      .insertInto('articles')
      .values({
        org_id: DEMO_IDS.otherOrgId,
        source_id: null,
        title: 'Harbor only',
        content_text: null,
        link: 'https://harbor.example/only',
        canonical_link: 'https://harbor.example/only',
        website: 'harbor.example',
        image_url: null,
        published_at: '2026-11-01T00:00:00Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await edition(versionId);
    expect(
      (await curate({ new_article_ids: `${pool[5]},${foreignArticle.id}`, version_id: versionId }))
        .statusCode,
    ).toBe(404);
    expect(await edition(versionId)).toEqual(before);
  });

  it('refuses to change a sent edition', async () => {
    const { versionId: sent } = await newEmail(DEMO_IDS.mainOrgId, DEMO_IDS.demoUserId, null, 'Sent one');
    await t.database.db
      .updateTable('email_versions')
      .set({ status: 'sent', sent_at: new Date() })
      .where('id', '=', sent)
      .execute();
    expect((await curate({ new_article_ids: String(pool[0]), version_id: sent })).statusCode).toBe(400);
  });
});

describe('delete_curated_article/', () => {
  it('takes an article out and lowers the count; a second time is a 404', async () => {
    const before = await edition(versionId);
    const [gone] = before;
    if (!gone) throw new Error('empty edition');
    const response = await post(t.app, demo, `${C}delete_curated_article/`, {
      version_id: versionId,
      article_id: gone.article_id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, articles_count: before.length - 1 });
    const again = await post(t.app, demo, `${C}delete_curated_article/`, {
      version_id: versionId,
      article_id: gone.article_id,
    });
    expect(again.statusCode).toBe(404);
  });

  it("refuses bad input and another organisation's edition", async () => {
    for (const fields of [{}, { version_id: 'x', article_id: 1 }, { version_id: versionId }]) {
      const response = await post(t.app, demo, `${C}delete_curated_article/`, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
    }
    const [held] = await edition(versionId);
    const foreign = await post(t.app, other, `${C}delete_curated_article/`, {
      version_id: versionId,
      article_id: held?.article_id ?? 1,
    });
    expect(foreign.statusCode).toBe(404);
    expect(await edition(versionId)).toContainEqual(held);
  });
});

describe('get_article_preview/', () => {
  it('answers the article with its source, an excerpt and whether the edition holds it', async () => {
    const [held] = await edition(versionId);
    const response = await get(t.app, demo, `${C}get_article_preview/`, {
      article_id: held?.article_id ?? 0,
      version_id: versionId,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      id: held?.article_id,
      source_name: expect.any(String),
      content_excerpt: expect.any(String),
      in_edition: true,
      is_curated: true,
    });
    const alone = await get(t.app, demo, `${C}get_article_preview/`, { article_id: pool[5] ?? 0 });
    expect(alone.json().data).toMatchObject({ in_edition: false });
  });

  it('refuses bad ids (400) and foreign editions (404)', async () => {
    expect((await get(t.app, demo, `${C}get_article_preview/`, {})).statusCode).toBe(400);
    expect((await get(t.app, demo, `${C}get_article_preview/`, { article_id: 'x' })).statusCode).toBe(400);
    expect((await get(t.app, demo, `${C}get_article_preview/`, { article_id: 99999999 })).statusCode).toBe(
      404,
    );
    const foreign = await get(t.app, other, `${C}get_article_preview/`, {
      article_id: pool[0] ?? 0,
      version_id: versionId,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('previously_sent_articles/ and curation_targets/', () => {
  it('lists the articles of sent editions with sent_date, for this organisation only', async () => {
    const { versionId: sent } = await newEmail(DEMO_IDS.mainOrgId, DEMO_IDS.demoUserId, null, 'Sent digest');
    const [a] = pool as [number];
    // Sent now: the latest of the organisation's sent articles, on the first page.
    const sentAt = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
    await t.database.db
      .insertInto('edition_articles')
      .values({ version_id: sent, article_id: a, position: 1 })
      .execute();
    await t.database.db
      .updateTable('email_versions')
      .set({ status: 'sent', sent_at: sentAt })
      .where('id', '=', sent)
      .execute();
    const response = await get(t.app, demo, `${C}previously_sent_articles/`);
    expect(response.statusCode, response.body).toBe(200);
    // The demo's digest issues were sent with their curated articles too; this one is among them.
    expect(response.json().data).toContainEqual(expect.objectContaining({ id: a, sent_date: sentAt }));
    const tab = await get(t.app, demo, '/api/user/articles/', { tab: 'previously_sent', limit: 100 });
    expect(tab.json().data.map((x: { id: number }) => x.id)).toContain(a);
    const theirs = await get(t.app, other, `${C}previously_sent_articles/`);
    expect(theirs.json().total_count).toBe(0);
    expect((await get(t.app, demo, `${C}previously_sent_articles/`, { limit: 'x' })).statusCode).toBe(400);
  });

  it("narrows the previously sent tab to one campaign's sent editions with campaign_id", async () => {
    const [a, b] = pool as [number, number];
    const sentAt = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
    const { versionId: ours } = await newEmail(DEMO_IDS.mainOrgId, DEMO_IDS.demoUserId, campaignId, 'Ours');
    const { versionId: elsewhere } = await newEmail(
      DEMO_IDS.mainOrgId,
      DEMO_IDS.demoUserId,
      null,
      'Elsewhere',
    );
    await t.database.db
      .insertInto('edition_articles')
      .values([
        { version_id: ours, article_id: a, position: 1 },
        { version_id: elsewhere, article_id: b, position: 1 },
      ])
      .execute();
    await t.database.db
      .updateTable('email_versions')
      .set({ status: 'sent', sent_at: sentAt })
      .where('id', 'in', [ours, elsewhere])
      .execute();
    const query = { tab: 'previously_sent', campaign_id: campaignId, limit: 100 };
    const response = await get(t.app, demo, '/api/user/articles/', query);
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.json().data.map((x: { id: number }) => x.id);
    expect(ids).toContain(a);
    expect(ids).not.toContain(b);
    expect(response.json().total_count).toBe(ids.length);
    // Another organisation's campaign is a 404; campaign_id with another tab a 400 with its reason.
    expect((await get(t.app, other, '/api/user/articles/', query)).statusCode).toBe(404);
    const wrongTab = await get(t.app, demo, '/api/user/articles/', {
      tab: 'explorer',
      campaign_id: campaignId,
    });
    expect(wrongTab.statusCode).toBe(400);
    expect(wrongTab.body).toContain('campaign_id is only taken with tab previously_sent');
  });

  it('lists draft editions newest first, 8 a page, with counts', async () => {
    const response = await get(t.app, demo, `${C}curation_targets/`);
    expect(response.statusCode, response.body).toBe(200);
    const page: { total_count: number; data: CurationTarget[] } = response.json();
    expect(page.data.length).toBeLessThanOrEqual(8);
    const mine = page.data.find((d) => d.version_id === versionId);
    expect(mine).toMatchObject({
      email_name: 'Weekly digest',
      campaign_name: 'Curation Test Campaign',
      articles_count: (await edition(versionId)).length,
    });
    const searched = await get(t.app, demo, `${C}curation_targets/`, { search: 'Weekly dig' });
    expect(searched.json().data.map((d: CurationTarget) => d.version_id)).toContain(versionId);
    const theirs = await get(t.app, other, `${C}curation_targets/`, { limit: 50 });
    expect(theirs.json().data.map((d: CurationTarget) => d.version_id)).not.toContain(versionId);
    const counted = await sql<{
      n: number;
    }>`select count(*)::int as n from email_versions where org_id = ${DEMO_IDS.mainOrgId} and status = 'draft'`.execute(
      t.database.db,
    );
    expect(page.total_count).toBe(counted.rows[0]?.n);
    expect((await get(t.app, demo, `${C}curation_targets/`, { limit: 51 })).statusCode).toBe(400);
  });
});
