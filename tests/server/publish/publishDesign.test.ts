import { parseRssFeed } from 'feedsmith';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THEME, type EmailDesign, MISSING_LINK } from '../../../domain/emailDesign.ts';
import type { EditionDesign, TemplateSummary } from '../../../domain/publishAnswers.ts';
import { EMAIL_DOCUMENT_CSP, WEB_VERSION_CSP } from '../../../server/lib/contentSecurityPolicy.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { DEMO_BRAND_THEME, DEMO_POSTAL_ADDRESS } from '../../../server/seed/seedDesign.ts';
import { PREFERENCE_URL_PLACEHOLDER } from '../../../server/services/delivery/renderMarketingEmail.ts';
import type { Session, TestApp } from '../../helpers/testApp.ts';
import { get, post } from '../workflowTestKit.ts';
import { everyKindDesign } from './designFixtures.ts';
import { publishRoutesFixture, refused } from './publishRoutesFixture.ts';
import { C, ok, P } from './publishTestKit.ts';

let t: TestApp;
let demo: Session;
let other: Session;
let colleague: Session;
let versionId: number;
let emailId: number;
let otherVersionId: number;
let articleIds: number[];

publishRoutesFixture((fixture) => {
  ({ t, demo, other, colleague } = fixture);
});

/** The demo user's edition the tests design ("Publish Home", three curated articles), and another organisation's. */
beforeAll(async () => {
  ({ versionId, emailId } = await newEdition(demo, 'Publish Home'));
  ({ versionId: otherVersionId } = await newEdition(other, 'Other Publish'));
  const rows = await t.database.db
    .selectFrom('articles')
    .select('id')
    .where('org_id', 'is', null)
    .orderBy('id')
    .limit(3)
    .execute();
  articleIds = rows.map((r) => r.id).reverse(); // curated in an order that is not the id order
  const curated = await post(t.app, demo, `${C}curated_articles/`, {
    new_article_ids: articleIds.join(','),
    version_id: versionId,
  });
  expect(curated.statusCode, curated.body).toBe(200);
});

async function newEdition(session: Session, name: string): Promise<{ versionId: number; emailId: number }> {
  const campaign = ok<{ campaign_id: number }>(
    await post(t.app, session, `${C}create_campaign/`, { campaign_name: name }),
  );
  const email = ok<{ email_id: number; editions: { version_id: number }[] }>(
    await post(t.app, session, `${C}create_email/`, {
      email_name: `${name} email`,
      campaign_id: campaign.campaign_id,
      email_type: 0,
    }),
  );
  return { versionId: email.editions[0]?.version_id as number, emailId: email.email_id };
}

const save = (session: Session, design: EmailDesign, name = 'Edition one', id = versionId) =>
  post(t.app, session, `${P}design/save/`, {
    version_id: id,
    version_name: name,
    design: JSON.stringify(design),
  });

describe('design/', () => {
  it("gives an edition never designed the default template in the organisation's brand, with its articles", async () => {
    const data = ok<EditionDesign>(await get(t.app, demo, `${P}design/`, { version_id: versionId }));
    expect(data).toMatchObject({
      version_id: versionId,
      email_id: emailId,
      design_saved_at: null,
      text_preview_edited: false,
    });
    expect(data.theme).toEqual(DEMO_BRAND_THEME);
    expect(data.postal_address).toBe(DEMO_POSTAL_ADDRESS);
    expect(data.design.theme).toEqual(DEMO_BRAND_THEME);
    const footer = data.design.blocks.find((b) => b.kind === 'footer');
    expect(footer).toMatchObject({ postalAddress: DEMO_POSTAL_ADDRESS, showPreferenceLink: true });
    expect(data.design.blocks.some((b) => b.kind === 'articleList')).toBe(true);
    expect(data.articles.map((a) => a.id)).toEqual(articleIds);
    expect(Object.keys(data.articles[0] ?? {}).sort()).toEqual(
      ['id', 'image_url', 'published_at', 'source_name', 'summary', 'title', 'url'].sort(),
    );
  });

  it("gives a template's design with change_template, and refuses bad and foreign ids", async () => {
    const list = await get(t.app, demo, `${P}templates/`, { tab: 'featured_tab' });
    const announcement = (list.json() as { data: TemplateSummary[] }).data.find(
      (x) => x.name === 'Announcement',
    );
    expect(announcement).toBeDefined();
    const data = ok<EditionDesign>(
      await get(t.app, demo, `${P}design/`, {
        version_id: versionId,
        templateStyleId: announcement?.id,
        change_template: 1,
      }),
    );
    expect(data.design.blocks.some((b) => b.kind === 'articleList')).toBe(false);
    expect(data.design.theme).toEqual(DEMO_BRAND_THEME);
    refused(await get(t.app, demo, `${P}design/`, { version_id: 'abc' }));
    refused(await get(t.app, demo, `${P}design/`), 400);
    refused(await get(t.app, demo, `${P}design/`, { version_id: otherVersionId }), 404);
    refused(await get(t.app, other, `${P}design/`, { version_id: versionId }), 404);
    refused(await get(t.app, demo, `${P}design/`, { version_id: 987654321 }), 404);
  });
});

describe('design/save/', () => {
  it('stores the design, its HTML and text version, and renames the edition', async () => {
    const design = everyKindDesign(articleIds[0]);
    const saved = ok<{ version_name: string; design_saved_at: string; preview_text: string }>(
      await save(demo, design, '  Edition   one '),
    );
    expect(saved.version_name).toBe('Edition one');
    expect(saved.preview_text).toContain('Weekly news');
    const row = await t.database.db
      .selectFrom('email_versions')
      .selectAll()
      .where('id', '=', versionId)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Edition one');
    expect(row.design).toEqual(design);
    expect(row.html).toContain('Hi {{first_name|there}}');
    expect(row.html).toContain(`href="${PREFERENCE_URL_PLACEHOLDER}"`);
    expect(row.text_preview).toBe(saved.preview_text);
    const data = ok<EditionDesign>(await get(t.app, demo, `${P}design/`, { version_id: versionId }));
    expect(data.design).toEqual(design);
    expect(data.design_saved_at).toBe(saved.design_saved_at);
  });

  it('refuses a link without a target, naming the block', async () => {
    const design = everyKindDesign();
    const broken = {
      ...design,
      blocks: design.blocks.map((b) => (b.kind === 'button' ? { ...b, href: '' } : b)),
    };
    const body = refused(await save(demo, broken));
    expect(body).toMatchObject({ message: MISSING_LINK, error: 'missing_link', block_id: 'button' });
  });

  it("refuses a name another edition of the email has (emailNameExists), not the edition's own", async () => {
    await t.database.db
      .insertInto('email_versions')
      .values({
        org_id: DEMO_IDS.mainOrgId,
        email_id: emailId,
        user_id: DEMO_IDS.demoUserId,
        name: 'Taken Name',
      })
      .execute();
    const body = refused(await save(demo, everyKindDesign(), 'taken name'));
    expect(body).toMatchObject({ message: 'emailNameExists', error: 'emailNameExists' });
    ok(await save(demo, everyKindDesign(), 'Edition one'));
  });

  it('refuses invalid documents, bad fields and foreign editions', async () => {
    const bad = refused(
      await post(t.app, demo, `${P}design/save/`, {
        version_id: versionId,
        version_name: 'x',
        design: '{"version":1}',
      }),
    );
    expect(bad.message).toMatch(/design is not a valid document at theme/);
    refused(
      await post(t.app, demo, `${P}design/save/`, {
        version_id: versionId,
        version_name: 'x',
        design: '{not json',
      }),
    );
    refused(
      await post(t.app, demo, `${P}design/save/`, {
        version_id: versionId,
        version_name: '  ',
        design: JSON.stringify(everyKindDesign()),
      }),
    );
    const wrongColour = { ...everyKindDesign(), theme: { ...DEFAULT_THEME, textColor: 'red' } };
    expect(refused(await save(demo, wrongColour)).message).toMatch(/theme\.textColor/);
    refused(await save(demo, everyKindDesign(), 'Edition one', otherVersionId), 404);
    refused(await save(other, everyKindDesign(), 'Edition one', versionId), 404);
  });
});

describe('previews and the text version', () => {
  it('generate_preview/ renders for the signed-in user, saved or unsaved', async () => {
    const user = await t.database.db
      .selectFrom('users')
      .select('first_name')
      .where('id', '=', DEMO_IDS.demoUserId)
      .executeTakeFirstOrThrow();
    const preview = ok<{ html: string; text: string }>(
      await post(t.app, demo, `${P}generate_preview/`, { version_id: versionId }),
    );
    expect(preview.html).toContain(`Hi ${user.first_name}, read`);
    expect(preview.text).toContain(`Hi ${user.first_name}, read`);
    expect(preview.html).not.toContain(PREFERENCE_URL_PLACEHOLDER);
    expect(preview.html).not.toContain('%%wb-');
    const unsaved = {
      ...everyKindDesign(),
      blocks: [
        {
          id: 't',
          kind: 'text',
          padding: [0, 0, 0, 0],
          align: 'left',
          background: null,
          html: '<p>Unsaved words</p>',
        },
      ],
    } as EmailDesign;
    const fresh = ok<{ html: string; preview_url: string }>(
      await post(t.app, demo, `${P}generate_preview/`, {
        version_id: versionId,
        design: JSON.stringify(unsaved),
      }),
    );
    expect(fresh.html).toContain('Unsaved words');
    refused(await post(t.app, demo, `${P}generate_preview/`, { version_id: versionId, design: '[]' }));
    // The same preview as a document of its own to frame, with the email documents' policy; its author's only.
    const framed = await get(t.app, demo, fresh.preview_url);
    expect(framed.statusCode).toBe(200);
    expect(framed.headers['content-security-policy']).toBe(EMAIL_DOCUMENT_CSP);
    expect(framed.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(framed.body).toContain('Unsaved words');
    refused(await get(t.app, colleague, fresh.preview_url), 404);
    refused(await get(t.app, demo, `${P}preview_html/AAAAAAAAAAAAAAAAAAAAAA/`), 404);
    refused(await post(t.app, other, `${P}generate_preview/`, { version_id: versionId }), 404);
  });

  it("update_text_preview/ keeps the user's edit across saves until default_text_preview/", async () => {
    const edited = ok<{ text_preview: string }>(
      await post(t.app, demo, `${P}update_text_preview/`, {
        version_id: versionId,
        text_preview: 'My own words',
      }),
    );
    expect(edited.text_preview).toBe('My own words');
    const saved = ok<{ preview_text: string }>(await save(demo, everyKindDesign(), 'Edition one'));
    expect(saved.preview_text).toBe('My own words');
    expect(
      ok<EditionDesign>(await get(t.app, demo, `${P}design/`, { version_id: versionId })).text_preview_edited,
    ).toBe(true);
    const reset = ok<{ text_preview: string }>(
      await post(t.app, demo, `${P}default_text_preview/`, { version_id: versionId }),
    );
    expect(reset.text_preview).toContain('Weekly news');
    expect(
      ok<EditionDesign>(await get(t.app, demo, `${P}design/`, { version_id: versionId })).text_preview_edited,
    ).toBe(false);
    refused(await post(t.app, demo, `${P}update_text_preview/`, { version_id: versionId }));
    refused(
      await post(t.app, other, `${P}update_text_preview/`, { version_id: versionId, text_preview: 'x' }),
      404,
    );
    refused(await post(t.app, other, `${P}default_text_preview/`, { version_id: versionId }), 404);
  });
});

describe('web version and RSS', () => {
  it('publishes a public web version once per edition, for a neutral reader', async () => {
    const { url } = ok<{ url: string }>(
      await get(t.app, demo, `${P}publish_html_preview/`, { version_id: versionId }),
    );
    expect(url).toMatch(/^https:\/\/app\.test\/web\/[A-Za-z0-9_-]{22}$/);
    expect(
      ok<{ url: string }>(await get(t.app, demo, `${P}publish_html_preview/`, { version_id: versionId })).url,
    ).toBe(url);
    const webPath = new URL(url).pathname;
    const page = await t.app.inject({ url: webPath }); // no cookie
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBe(WEB_VERSION_CSP);
    expect(page.body).toContain('Hi there, read');
    expect(page.body).not.toContain(PREFERENCE_URL_PLACEHOLDER);
    expect(page.body).not.toContain('/unsub/');
    expect(page.body).not.toContain('%%wb-');
    expect(page.body).not.toContain('View in browser');
    expect(page.body).not.toMatch(/<script/i);
    // The stored email now links its web version ("View in browser", the origin filled at send).
    const row = await t.database.db
      .selectFrom('email_versions')
      .select('html')
      .where('id', '=', versionId)
      .executeTakeFirstOrThrow();
    expect(row.html).toContain(`%%wb-public-origin%%${webPath}`);
    expect(row.html).toContain('View in browser');
    expect((await t.app.inject({ url: '/web/AAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/web/not-an-id' })).statusCode).toBe(404);
    refused(await get(t.app, other, `${P}publish_html_preview/`, { version_id: versionId }), 404);
    refused(
      await get(t.app, demo, `${P}publish_html_preview/`, { version_id: versionId, template_id: 987654 }),
      404,
    );
  });

  it('renders a web version once for what it is made of, answers 304 to a reader who has it, and shows a saved change', async () => {
    const own = await newEdition(demo, 'Web cache');
    ok(await save(demo, everyKindDesign(), 'Web cache edition', own.versionId));
    const { url } = ok<{ url: string }>(
      await get(t.app, demo, `${P}publish_html_preview/`, { version_id: own.versionId }),
    );
    const webPath = new URL(url).pathname;
    const first = await t.app.inject({ url: webPath });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    // A reader's browser asking again with what it has: nothing to send.
    const unchanged = await t.app.inject({ url: webPath, headers: { 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers['content-security-policy']).toBe(WEB_VERSION_CSP);
    const again = await t.app.inject({ url: webPath });
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);
    // The design saved with other text: a new page and a new ETag, also for the browser that had the old.
    const changed = everyKindDesign();
    changed.blocks = changed.blocks.map((block) =>
      block.id === 'text' ? { ...block, html: '<p>Changed for the web.</p>' } : block,
    );
    ok(await save(demo, changed, 'Web cache edition', own.versionId));
    const after = await t.app.inject({ url: webPath, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body).toContain('Changed for the web.');
    expect(after.body).not.toContain('Hi there, read');
  });

  it("gives an RSS 2.0 feed of the edition's articles in order that a feed parser reads back", async () => {
    const { url } = ok<{ url: string }>(
      await get(t.app, demo, `${P}export_rss_link/`, { version_id: versionId }),
    );
    expect(url).toMatch(/^https:\/\/app\.test\/web\/[A-Za-z0-9_-]{22}\/rss\.xml$/);
    const response = await t.app.inject({ url: new URL(url).pathname });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/rss\+xml/);
    const feed = parseRssFeed(response.body);
    const titles = await t.database.db
      .selectFrom('articles')
      .select(['id', 'title', 'link'])
      .where('id', 'in', articleIds)
      .execute();
    const byId = new Map(titles.map((row) => [row.id, row]));
    expect(feed.items?.map((item) => item.title)).toEqual(articleIds.map((id) => byId.get(id)?.title));
    expect(feed.items?.map((item) => item.link)).toEqual(articleIds.map((id) => byId.get(id)?.link));
    expect(feed.link).toBe(url.replace(/\/rss\.xml$/, ''));
    expect((await t.app.inject({ url: '/web/AAAAAAAAAAAAAAAAAAAAAA/rss.xml' })).statusCode).toBe(404);
    refused(await get(t.app, other, `${P}export_rss_link/`, { version_id: versionId }), 404);
  });
});

describe('templates', () => {
  it('offers the product templates on the featured and all tabs', async () => {
    const featured = await get(t.app, other, `${P}templates/`, { tab: 'featured_tab' });
    const body = featured.json() as { total_count: number; data: TemplateSummary[] };
    expect(body.data.map((x) => x.name)).toEqual(
      expect.arrayContaining(['Weekly digest', 'Announcement', 'Newsletter with columns']),
    );
    expect(body.data.every((x) => x.featured && !x.is_mine && x.created_by === null)).toBe(true);
    refused(await get(t.app, demo, `${P}templates/`, { tab: 'nope' }));
    refused(await get(t.app, demo, `${P}templates/`, { limit: 0 }));
  });

  it('saves, lists, shares, reads and deletes templates within the organisation', async () => {
    const mine = ok<{ id: number; name: string }>(
      await post(t.app, demo, `${P}save_template/`, { name: 'My private', shared: 0, version_id: versionId }),
    );
    const shared = ok<{ id: number; name: string }>(
      await post(t.app, demo, `${P}save_template/`, {
        name: 'Team shared',
        description: 'For all',
        shared: 1,
        design: JSON.stringify(everyKindDesign()),
      }),
    );
    const names = async (session: Session, tab: string) =>
      (
        (await get(t.app, session, `${P}templates/`, { tab, limit: 50 })).json() as {
          data: TemplateSummary[];
        }
      ).data.map((x) => x.name);
    expect(await names(demo, 'my_templates_tab')).toEqual(
      expect.arrayContaining(['My private', 'Team shared']),
    );
    expect(await names(colleague, 'shared_templates_tab')).toContain('Team shared');
    expect(await names(colleague, 'all')).not.toContain('My private');
    expect(await names(other, 'all')).not.toContain('Team shared');
    const search = (await get(t.app, demo, `${P}templates/`, { search: 'private' })).json() as {
      total_count: number;
    };
    expect(search.total_count).toBe(1);
    const read = ok<{ id: number; design: EmailDesign }>(
      await get(t.app, colleague, `${P}template/${shared.id}/`),
    );
    expect(read.design).toEqual(everyKindDesign());
    refused(await get(t.app, colleague, `${P}template/${mine.id}/`), 404);
    refused(await get(t.app, other, `${P}template/${shared.id}/`), 404);
    refused(await get(t.app, demo, `${P}template/abc/`));
    refused(await post(t.app, colleague, `${P}delete_template/`, { template_id: shared.id }), 404);
    refused(await post(t.app, other, `${P}delete_template/`, { template_id: mine.id }), 404);
    expect((await post(t.app, demo, `${P}delete_template/`, { template_id: mine.id })).json()).toEqual({
      success: true,
    });
    refused(await get(t.app, demo, `${P}template/${mine.id}/`), 404);
    refused(await post(t.app, demo, `${P}save_template/`, { name: 'No design' }));
    refused(
      await post(t.app, demo, `${P}save_template/`, { name: 'Foreign', version_id: otherVersionId }),
      404,
    );
    const product = (await get(t.app, demo, `${P}templates/`, { tab: 'featured_tab' })).json() as {
      data: TemplateSummary[];
    };
    refused(await post(t.app, demo, `${P}delete_template/`, { template_id: product.data[0]?.id ?? 0 }), 404);
  });

  it("default_template/ is 'Weekly digest' in the brand, with the postal address", async () => {
    const { design } = ok<{ design: EmailDesign }>(await get(t.app, demo, `${P}default_template/`));
    expect(design.theme).toEqual(DEMO_BRAND_THEME);
    expect(design.blocks.map((b) => b.kind)).toEqual([
      'header',
      'text',
      'articleList',
      'button',
      'social',
      'footer',
    ]);
    expect(design.blocks.at(-1)).toMatchObject({ postalAddress: DEMO_POSTAL_ADDRESS });
  });
});
