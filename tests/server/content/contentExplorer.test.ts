import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article, ArticlesPage, SourceFilterEntry } from '../../../domain/contentArticles.ts';
import { OTHER_ORG_LOGIN } from '../../../server/seed/demoAccounts.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { get, post } from '../workflowTestKit.ts';

const U = '/api/user/';
let t: TestApp;
let demo: Session;
let other: Session;
/** Articles of the demo organisation's own pool, made here: a title match, a body match, a foreign one. */
let titleHit: number;
let bodyHit: number;
let foreignArticle: number;
let ownSource: number;
let foreignSource: number;

const WORD = 'zephyrquark';

async function addSource(orgId: number | null, name: string): Promise<number> {
  const row = await t.database.db
    .insertInto('article_sources')
    .values({
      org_id: orgId,
      name,
      feed_url: `https://${name.toLowerCase()}.example/feed`,
      fetch_enabled: false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addArticle(fields: {
  orgId: number | null;
  sourceId: number;
  title: string;
  description?: string;
  text?: string;
  published: string;
  entities?: string[];
}): Promise<number> {
  const link = `https://news.example/${encodeURIComponent(fields.title)}`;
  const row = await t.database.db
    .insertInto('articles')
    .values({
      org_id: fields.orgId,
      source_id: fields.sourceId,
      title: fields.title,
      description: fields.description ?? '',
      content_text: fields.text ?? null,
      link,
      canonical_link: link,
      website: 'news.example',
      image_url: null,
      published_at: fields.published,
      entities: fields.entities ?? [],
      entity_keys: (fields.entities ?? []).map((e) => e.toLowerCase()),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function articles(query: Record<string, string | number> = {}, session = demo): Promise<ArticlesPage> {
  const response = await get(t.app, session, `${U}articles/`, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await signIn(t.app);
  other = await signIn(t.app, OTHER_ORG_LOGIN);
  ownSource = await addSource(DEMO_IDS.mainOrgId, 'Northwind Desk');
  foreignSource = await addSource(DEMO_IDS.otherOrgId, 'Harbor Desk');
  bodyHit = await addArticle({
    orgId: DEMO_IDS.mainOrgId,
    sourceId: ownSource,
    title: 'Quarterly shipping notes',
    description: 'Routine notes on freight.',
    text: `Deep in the report a ${WORD} appears once among many other words about freight and ports.`,
    published: '2026-11-20T10:00:00Z',
  });
  titleHit = await addArticle({
    orgId: DEMO_IDS.mainOrgId,
    sourceId: ownSource,
    title: `<b>Bold</b> ${WORD} launch & more`,
    description: `The ${WORD} is here.`,
    published: '2026-10-01T10:00:00Z',
    entities: ['Zenith Freight Partners'],
  });
  foreignArticle = await addArticle({
    orgId: DEMO_IDS.otherOrgId,
    sourceId: foreignSource,
    title: `Harbor ${WORD} story`,
    published: '2026-11-21T10:00:00Z',
  });
});
afterAll(async () => {
  await t?.close();
});

describe('articles/', () => {
  it('ranks the newest 1,000 matches of a search, then goes on by date past them, every match once', async () => {
    // The six most common words of the seeded pool, any of them (websearch "or"): well over 1,100 articles.
    const { rows } = await sql<{ term: string }>`
      select term from article_term_counts where pool = 0 and length(term) > 3 and term not like '% %'
      order by doc_count desc, term limit 6`.execute(t.database.db);
    const term = rows.map((row) => row.term).join(' or ');
    const seen: Article[] = [];
    for (let offset = 0; offset < 1100; offset += 100) {
      const page = await articles({ tab: 'search', search: term, offset, limit: 100 });
      expect(page).toMatchObject({ total_count: 1000, total_capped: true });
      seen.push(...page.data);
    }
    expect(new Set(seen.map((a) => a.id)).size).toBe(1100);
    const window = seen.slice(0, 1000);
    const oldestInWindow = window.map((a) => a.publishDate).sort()[0] as string;
    const past = seen.slice(1000).map((a) => a.publishDate);
    expect([...past].sort().reverse()).toEqual(past);
    expect(past.every((date) => date <= oldestInWindow)).toBe(true);
    // A search matching fewer than 1,000: the total is exact.
    const rare = await articles({ tab: 'search', search: WORD });
    expect(rare.total_capped).toBe(false);
    expect(rare.total_count).toBe(rare.data.length);
  });

  it('pages the global pool and the own pool newest first, 20 by default, with the spec fields', async () => {
    const page = await articles();
    expect(page.data).toHaveLength(20);
    // More than 1,000: counted up to there.
    expect(page).toMatchObject({ total_count: 1000, total_capped: true });
    const first = page.data[0] as Article;
    expect(first).toMatchObject({
      id: expect.any(Number),
      article_id: first.id,
      title: expect.any(String),
      website: expect.any(String),
      publishDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      is_checked: false,
      is_favourite: false,
      highlights: null,
    });
    expect(Array.isArray(first.concepts)).toBe(true);
    const dates = page.data.map((a) => a.publishDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const next = await articles({ offset: 20 });
    expect(next.data.map((a) => a.id)).not.toContain(first.id);
  });

  it('ranks a title match over a body match and highlights the words as escaped HTML with <mark>', async () => {
    const page = await articles({ tab: 'search', search: WORD });
    expect(page.data.map((a) => a.id)).toEqual([titleHit, bodyHit]);
    expect(page.total_count).toBe(2);
    const top = page.data[0] as Article;
    expect(top.highlights?.title).toBe(
      '&#60;b&#62;Bold&#60;/b&#62; <mark>zephyrquark</mark> launch &#38; more',
    );
    expect(top.highlights?.description).toContain('<mark>zephyrquark</mark>');
    expect(top.title).toBe(`<b>Bold</b> ${WORD} launch & more`);
  });

  it("never shows another organisation's pool", async () => {
    const theirs = await articles({ search: WORD }, other);
    expect(theirs.data.map((a) => a.id)).toEqual([foreignArticle]);
  });

  it('filters by included and excluded sources, keywords and a date range', async () => {
    const own = await articles({ include_sources: String(ownSource) });
    expect(new Set(own.data.map((a) => a.source_id))).toEqual(new Set([ownSource]));
    expect(own.total_count).toBe(2);
    const globalOnly = await articles({ include_sources: 'global', search: WORD });
    expect(globalOnly.total_count).toBe(0);
    const withoutOwn = await articles({ exclude_sources: String(ownSource), search: WORD });
    expect(withoutOwn.total_count).toBe(0);
    const both = await articles({ include_sources: String(ownSource), exclude_sources: String(ownSource) });
    expect(both.total_count).toBe(0);
    const keyword = await articles({ include_keywords: `${WORD},nothingmatchesthis` });
    expect(keyword.data.map((a) => a.id).sort()).toEqual([titleHit, bodyHit].sort());
    const excluded = await articles({ include_sources: String(ownSource), exclude_keywords: 'freight' });
    expect(excluded.data.map((a) => a.id)).toEqual([titleHit]);
    const november = await articles({
      include_sources: String(ownSource),
      start_date: '2026-11-01',
      end_date: '2026-11-30',
    });
    expect(november.data.map((a) => a.id)).toEqual([bodyHit]);
    const octoberInLisbon = await articles({
      include_sources: String(ownSource),
      start_date: '2026-10-01',
      end_date: '2026-10-01',
      user_tz: 'Europe/Lisbon',
    });
    expect(octoberInLisbon.data.map((a) => a.id)).toEqual([titleHit]);
  });

  it('shows articles naming an account in myaccounts', async () => {
    await t.database.db
      .insertInto('accounts')
      .values({ org_id: DEMO_IDS.mainOrgId, name: 'Zenith Freight Partners' })
      .execute();
    const page = await articles({ tab: 'myaccounts', include_sources: String(ownSource) });
    expect(page.data.map((a) => a.id)).toEqual([titleHit]);
    const seeded = await articles({ tab: 'myaccounts' });
    expect(seeded.total_count).toBeGreaterThan(1);
  });

  it('ranks most engaged by clicks on the article link in this organisation', async () => {
    const links = await t.database.db
      .selectFrom('articles')
      .select(['id', 'link'])
      .where('id', 'in', [titleHit, bodyHit])
      .execute();
    const linkOf = (id: number) => links.find((l) => l.id === id)?.link ?? '';
    await t.database.db
      .insertInto('email_event')
      .values([
        { org_id: DEMO_IDS.mainOrgId, kind: 'clicked', link: linkOf(bodyHit) },
        { org_id: DEMO_IDS.mainOrgId, kind: 'clicked', link: linkOf(bodyHit) },
        { org_id: DEMO_IDS.mainOrgId, kind: 'clicked', link: linkOf(titleHit) },
        { org_id: DEMO_IDS.otherOrgId, kind: 'clicked', link: linkOf(titleHit) },
        { org_id: DEMO_IDS.otherOrgId, kind: 'clicked', link: linkOf(titleHit) },
      ])
      .execute();
    const page = await articles({ tab: 'most_engaged', include_sources: String(ownSource) });
    expect(page.data.map((a) => [a.id, a.clicks])).toEqual([
      [bodyHit, 2],
      [titleHit, 1],
    ]);
  });

  it('refuses bad input with 400 and foreign sources with 404', async () => {
    for (const query of [
      { tab: 'nope' },
      { limit: 0 },
      { limit: 101 },
      { offset: -1 },
      { include_sources: 'abc' },
      { exclude_sources: '1;drop' },
      { start_date: '2026-13-45' },
      { start_date: '2026-02-30' },
      { end_date: '0000-01-01' },
      { start_date: '2026-11-02', end_date: '2026-11-01' },
      { search: 'x'.repeat(201) },
      { user_tz: 'Mars/Base' },
    ]) {
      const response = await get(t.app, demo, `${U}articles/`, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
    const foreign = await get(t.app, demo, `${U}articles/`, { include_sources: String(foreignSource) });
    expect(foreign.statusCode).toBe(404);
    const noSession = await t.app.inject({ url: `${U}articles/` });
    expect(noSession.statusCode).toBe(403);
  });

  it('survives search syntax and odd text', async () => {
    for (const search of ['"unterminated', '-', 'a & b | !c', "' or 1=1 --", 'the', '😀 名前']) {
      const response = await get(t.app, demo, `${U}articles/`, { search });
      expect(response.statusCode, search).toBe(200);
    }
  });
});

describe('favourite_article/', () => {
  it('toggles a favourite idempotently and lists favourites newest first', async () => {
    for (const value of ['1', '1']) {
      const response = await post(t.app, demo, `${U}favourite_article/`, {
        article_id: bodyHit,
        is_favourite: value,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    await post(t.app, demo, `${U}favourite_article/`, { article_id: titleHit, is_favourite: 1 });
    const favourites = await articles({ tab: 'favorites', limit: 22 });
    expect(favourites.data.map((a) => a.id)).toEqual([titleHit, bodyHit]);
    expect(favourites.data.every((a) => a.is_favourite)).toBe(true);
    expect((await articles({ tab: 'favorites' }, other)).total_count).toBe(0);
    await post(t.app, demo, `${U}favourite_article/`, { article_id: titleHit, is_favourite: 0 });
    await post(t.app, demo, `${U}favourite_article/`, { article_id: titleHit, is_favourite: 0 });
    expect((await articles({ tab: 'favorites' })).data.map((a) => a.id)).toEqual([bodyHit]);
    const listed = await articles({ search: WORD });
    expect(listed.data.find((a) => a.id === bodyHit)?.is_favourite).toBe(true);
  });

  it('refuses bad input and foreign articles', async () => {
    for (const fields of [
      {},
      { article_id: 'x', is_favourite: 1 },
      { article_id: bodyHit, is_favourite: 'maybe' },
    ]) {
      const response = await post(t.app, demo, `${U}favourite_article/`, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
    }
    const foreign = await post(t.app, demo, `${U}favourite_article/`, {
      article_id: foreignArticle,
      is_favourite: 1,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('article_sources/', () => {
  it("lists the global pool first and the own feeds, never another organisation's", async () => {
    const response = await get(t.app, demo, `${U}article_sources/`);
    expect(response.statusCode).toBe(200);
    const entries: SourceFilterEntry[] = response.json().data;
    const [global, ...feeds] = entries;
    expect(global).toMatchObject({ type: 'global', is_active: true });
    if (global?.type !== 'global') throw new Error('no global entry');
    expect(global.data.sources).toHaveLength(12);
    expect(feeds.map((f) => f.type === 'feed' && f.data.id)).toEqual([ownSource]);
    expect(feeds[0]).toMatchObject({ is_active: false, data: { name: 'Northwind Desk', articles_count: 2 } });
  });

  it('adds a feed once, refusing bad addresses and the same address twice', async () => {
    const added = await post(t.app, demo, `${U}article_sources/`, {
      feed_url: ' https://blog.example.org/rss ',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toMatchObject({
      type: 'feed',
      is_active: true,
      data: { name: 'blog.example.org', feed_url: 'https://blog.example.org/rss', last_fetched_at: null },
    });
    const again = await post(t.app, demo, `${U}article_sources/`, {
      feed_url: 'https://blog.example.org/rss',
    });
    expect(again.statusCode).toBe(400);
    for (const feed_url of [
      '',
      'ftp://x.example/feed',
      'javascript:alert(1)',
      'https://u:p@x.example/',
      'no url',
    ]) {
      const response = await post(t.app, demo, `${U}article_sources/`, { feed_url });
      expect(response.statusCode, feed_url).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
    const theirs = await get(t.app, other, `${U}article_sources/`);
    expect(JSON.stringify(theirs.json())).not.toContain('blog.example.org');
  });
});
