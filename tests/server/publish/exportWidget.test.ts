import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportWidgetSettings } from '../../../domain/promotionCodes.ts';
import { MAX_PROMOTION_CODES, parsePromotionCodes } from '../../../domain/promotionCodes.ts';
import { WIDGET_CSP } from '../../../server/lib/contentSecurityPolicy.ts';
import { DEMO_LOGIN, OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { createColleague, get, post, signInColleague } from '../workflowTestKit.ts';

const P = '/api/publish/';
const C = '/api/campaign/';
const RATE_LIMIT = 40;
let t: TestApp;
let demo: Session;
let other: Session;
let colleague: Session;
let campaignId: number;
let emailId: number;
let versionId: number;
let otherCampaignId: number;

type Res = { statusCode: number; body: string; json: () => unknown; headers: Record<string, unknown> };
function ok<T>(response: Res): T {
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { success: boolean; data: T };
  expect(body.success, response.body).toBe(true);
  return body.data;
}
function permissionDenied(response: Res) {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ success: false, message: 'permission denied', error_code: 403 });
}
const settings = (session: Session, id = campaignId) =>
  get(t.app, session, `${P}old_export_widget/`, { campaign_id: id });
const saveCodes = (session: Session, codes: string, id = campaignId) =>
  post(t.app, session, `${P}old_export_widget/`, { campaign_id: id, promotion_codes: codes });
const widget = (id: string) => t.app.inject({ url: `/widget/${id}` });

async function newCampaign(session: Session, name: string) {
  const campaign = ok<{ campaign_id: number }>(
    await post(t.app, session, `${C}create_campaign/`, { campaign_name: name }),
  );
  const email = ok<{ email_id: number; editions: { version_id: number }[] }>(
    await post(t.app, session, `${C}create_email/`, {
      email_name: `${name} email`,
      campaign_id: campaign.campaign_id,
      email_type: 1,
    }),
  );
  return {
    campaignId: campaign.campaign_id,
    emailId: email.email_id,
    versionId: email.editions[0]?.version_id as number,
  };
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_RATE_LIMIT: String(RATE_LIMIT), PUBLIC_ORIGIN: 'https://app.test' });
  demo = await signIn(t.app, DEMO_LOGIN);
  await createColleague(t.database);
  colleague = await signInColleague(t.app);
  ({ campaignId, emailId, versionId } = await newCampaign(demo, 'Widget Home'));
  // The other organisation's user may use widgets too: what keeps them out of ours is the organisation.
  await t.database.db
    .updateTable('users')
    .set({ export_widget_permission: true })
    .where('email', '=', OTHER_ORG_LOGIN.email)
    .execute();
  other = await signIn(t.app, OTHER_ORG_LOGIN);
  ({ campaignId: otherCampaignId } = await newCampaign(other, 'Widget Other'));
});
afterAll(async () => {
  await t?.close();
});

describe('parsePromotionCodes', () => {
  it('trims, drops blanks and repeats in any case, reads lines and commas', () => {
    expect(parsePromotionCodes(' SPRING-25 ,\n\nsave_10\r\nspring-25, SAVE_10 ,VIP')).toEqual({
      ok: true,
      codes: ['SPRING-25', 'save_10', 'VIP'],
    });
    expect(parsePromotionCodes(['A1', ' a1 ', 'B2'])).toEqual({ ok: true, codes: ['A1', 'B2'] });
    expect(parsePromotionCodes('  ')).toEqual({ ok: true, codes: [] });
  });

  it('refuses codes with other characters, too long codes and too many codes', () => {
    expect(parsePromotionCodes('GOOD, <b>bad</b>')).toMatchObject({ ok: false, message: /<b>bad<\/b>/ });
    expect(parsePromotionCodes('two words')).toMatchObject({ ok: false });
    expect(parsePromotionCodes('-LEADING')).toMatchObject({ ok: false });
    expect(parsePromotionCodes('X'.repeat(33))).toMatchObject({ ok: false, message: /at most 32/ });
    const many = Array.from({ length: MAX_PROMOTION_CODES + 1 }, (_, i) => `C${i}`).join(',');
    expect(parsePromotionCodes(many)).toMatchObject({ ok: false, message: /At most 20/ });
  });
});

describe('old_export_widget/', () => {
  it('makes the widget on first use: no codes, an unguessable public id, an iframe snippet', async () => {
    const first = ok<ExportWidgetSettings>(await settings(demo));
    expect(first).toMatchObject({ campaign_id: campaignId, promotion_codes: [], latest_edition: null });
    expect(first.widget_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first.widget_url).toBe(`https://app.test/widget/${first.widget_id}`);
    expect(first.embed_code).toContain(`<iframe src="${first.widget_url}"`);
    expect(first.embed_code).toContain('title="');
    const again = ok<ExportWidgetSettings>(await settings(demo));
    expect(again.widget_id).toBe(first.widget_id);
  });

  it('saves promotion codes trimmed and unique, and the publish data carries them', async () => {
    const saved = ok<ExportWidgetSettings>(await saveCodes(demo, ' SPRING-25, vip\nspring-25 '));
    expect(saved.promotion_codes).toEqual(['SPRING-25', 'vip']);
    expect(ok<ExportWidgetSettings>(await settings(demo)).promotion_codes).toEqual(['SPRING-25', 'vip']);
    const publish = ok<{ promoCodes: string[] }>(
      await get(t.app, demo, `${P}publish_email/`, { version_id: versionId }),
    );
    expect(publish.promoCodes).toEqual(['SPRING-25', 'vip']);
  });

  it('refuses bad codes and bad ids with a 400 naming the problem, changing nothing', async () => {
    for (const [codes, message] of [
      ['OK, no spaces allowed', /not a promotion code/],
      ['Y'.repeat(40), /at most 32/],
      [Array.from({ length: 21 }, (_, i) => `P${i}`).join(','), /At most 20/],
      ['"><script>alert(1)</script>', /not a promotion code/],
    ] as const) {
      const response = await saveCodes(demo, codes);
      expect(response.statusCode, response.body).toBe(400);
      expect((response.json() as { message: string }).message).toMatch(message);
    }
    expect((await settings(demo, 0)).statusCode).toBe(400);
    expect((await get(t.app, demo, `${P}old_export_widget/`, { campaign_id: 'abc' })).statusCode).toBe(400);
    expect(ok<ExportWidgetSettings>(await settings(demo)).promotion_codes).toEqual(['SPRING-25', 'vip']);
  });

  it('takes a JSON list of codes, and an empty value clears them', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${P}old_export_widget/`,
      headers: { cookie: demo.cookie, 'x-csrftoken': demo.csrf },
      payload: { campaign_id: campaignId, promotion_codes: ['JSON-1', 'json-1', ' JSON-2 '] },
    });
    expect(ok<ExportWidgetSettings>(response).promotion_codes).toEqual(['JSON-1', 'JSON-2']);
    expect(ok<ExportWidgetSettings>(await saveCodes(demo, '')).promotion_codes).toEqual([]);
    ok(await saveCodes(demo, 'SPRING-25, vip'));
  });

  it('answers "permission denied" without export_widget_permission, before anything else', async () => {
    permissionDenied(await settings(colleague));
    permissionDenied(await saveCodes(colleague, 'STOLEN'));
    permissionDenied(await settings(colleague, otherCampaignId));
    expect(ok<ExportWidgetSettings>(await settings(demo)).promotion_codes).toEqual(['SPRING-25', 'vip']);
  });

  it("is a 404 for another organisation's campaign, either way round", async () => {
    expect((await settings(other, campaignId)).statusCode).toBe(404);
    expect((await saveCodes(other, 'MINE', campaignId)).statusCode).toBe(404);
    expect((await settings(demo, otherCampaignId)).statusCode).toBe(404);
    expect(ok<ExportWidgetSettings>(await settings(other, otherCampaignId)).promotion_codes).toEqual([]);
    expect(ok<ExportWidgetSettings>(await settings(demo)).promotion_codes).toEqual(['SPRING-25', 'vip']);
  });

  it('is described in /api/docs, GET and POST', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    const paths = response.json().paths as Record<string, Record<string, { summary?: string }>>;
    const entry = paths[`${P}old_export_widget/`];
    expect(entry?.get?.summary).toMatch(/promo export widget/);
    expect(entry?.post?.summary).toMatch(/promotion codes/);
    expect(Object.keys(paths).some((path) => path.startsWith('/widget'))).toBe(false);
  });

  it('needs a session and the CSRF token', async () => {
    expect((await t.app.inject({ url: `${P}old_export_widget/?campaign_id=${campaignId}` })).statusCode).toBe(
      403,
    );
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `${P}old_export_widget/`,
      headers: { cookie: demo.cookie },
      payload: { campaign_id: campaignId, promotion_codes: 'X' },
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('/widget/{widget_id}', () => {
  it('before any send: the codes and a plain note, framable by any site, cached publicly', async () => {
    const { widget_id } = ok<ExportWidgetSettings>(await settings(demo));
    const response = await widget(widget_id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toBe(WIDGET_CSP);
    expect(WIDGET_CSP).toContain('frame-ancestors *');
    expect(WIDGET_CSP).not.toContain('script-src');
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.body).toContain('The first edition is on its way.');
    expect(response.body).toContain('<code>SPRING-25</code>');
    expect(response.body).toContain('<code>vip</code>');
    expect(response.body).not.toContain('<script');
  });

  it("shows the latest sent edition's subject, web version link and first titles, all escaped", async () => {
    const articles = await t.database.db
      .selectFrom('articles')
      .select('id')
      .where('org_id', 'is', null)
      .orderBy('id')
      .limit(7)
      .execute();
    const [first, second, ...rest] = articles.map((row) => row.id);
    await t.database.db
      .updateTable('articles')
      .set({ title: '<img src=x onerror=alert(1)> & "quotes"' })
      .where('id', '=', first as number)
      .execute();
    await t.database.db
      .updateTable('articles')
      .set({ title: 'A script link', link: 'javascript:alert(1)' })
      .where('id', '=', second as number)
      .execute();
    // The first edition went out yesterday; a second one, with the articles, went out now.
    await t.database.db
      .updateTable('email_versions')
      .set({ status: 'sent', sent_at: new Date(Date.now() - 86_400_000), subject: 'Last week' })
      .where('id', '=', versionId)
      .execute();
    const latest = ok<{ edition_id: number }>(
      await post(t.app, demo, `${C}create_edition/`, { asset_id: emailId }),
    );
    const latestId = latest.edition_id;
    const curated = await post(t.app, demo, `${C}curated_articles/`, {
      new_article_ids: [first, second, ...rest].join(','),
      version_id: latestId,
    });
    expect(curated.statusCode, curated.body).toBe(200);
    await t.database.db
      .updateTable('email_versions')
      .set({
        status: 'sent',
        sent_at: new Date(),
        subject: 'Hi {{first_name|there}} </h1><script>x()</script> &#128640;',
      })
      .where('id', '=', latestId)
      .execute();

    const info = ok<ExportWidgetSettings>(await settings(demo));
    expect(info.latest_edition?.version_id).toBe(latestId);
    const response = await widget(info.widget_id);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62; &#38; &#34;quotes&#34;');
    // A link that is not a web address is shown as text.
    expect(html).toContain('<li>A script link</li>');
    expect(html).not.toContain('javascript:');
    // At most five titles.
    expect(
      (html.match(/<ul aria-label="In this edition">(.*?)<\/ul>/)?.[1] ?? '').match(/<li>/g),
    ).toHaveLength(5);
    const webId = (
      await t.database.db
        .selectFrom('email_versions')
        .select('web_id')
        .where('id', '=', latestId)
        .executeTakeFirst()
    )?.web_id;
    expect(webId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(html).toContain(`href="https://app.test/web/${webId}"`);
    expect(html).toContain('rel="noopener noreferrer"');
    // The web version it links to exists.
    expect((await t.app.inject({ url: `/web/${webId}` })).statusCode).toBe(200);
    expect(html).toContain('Hi there &#60;/h1&#62;&#60;script&#62;x()&#60;/script&#62; 🚀');
    expect(html).not.toContain('Last week');
  });

  it('shows nothing private: no recipient, sender or user data', async () => {
    const { widget_id } = ok<ExportWidgetSettings>(await settings(demo));
    const html = (await widget(widget_id)).body;
    const contacts = await t.database.db.selectFrom('contacts').select('email').limit(50).execute();
    for (const { email } of contacts) expect(html).not.toContain(email);
    expect(html).not.toContain(DEMO_LOGIN.email);
    expect(html).not.toContain('Widget Home');
    expect(html).not.toMatch(/@[a-z0-9-]+\.[a-z]/i);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    const unknown = await widget('AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
    expect((await widget('not-an-id')).statusCode).toBe(404);
    expect((await widget(`${'A'.repeat(22)}<script>`)).body).not.toContain('<script>');
  });

  it('is rate-limited per IP', async () => {
    const { widget_id } = ok<ExportWidgetSettings>(await settings(demo));
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMIT; i += 1) statuses.push((await widget(widget_id)).statusCode);
    expect(statuses).toContain(429);
  });
});
