import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticlesPage } from '../../../domain/contentArticles.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { hasPhrase } from '../../../server/services/content/articleListing.ts';
import { createTestApp, type Session, signIn, type TestApp } from '../../helpers/testApp.ts';
import { get } from '../workflowTestKit.ts';

let t: TestApp;
let demo: Session;

/** Own-pool articles whose titles hold the phrase "quarkly vortex": n of them, one an hour from `newest` back. */
async function addPhraseArticles(prefix: string, n: number, newest: string) {
  const source = await t.database.db
    .insertInto('article_sources')
    .values({
      org_id: DEMO_IDS.mainOrgId,
      name: prefix,
      feed_url: `https://${prefix}.example/feed`,
      fetch_enabled: false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    insert into articles (org_id, source_id, title, description, link, canonical_link, website, published_at)
    select ${DEMO_IDS.mainOrgId}, ${source.id}, 'Quarkly vortex report ' || i, 'Notes ' || i,
      'https://' || ${prefix} || '.example/' || i, 'https://' || ${prefix} || '.example/' || i, 'news.example',
      ${newest}::timestamptz - make_interval(hours => i)
    from generate_series(1, ${n}) as i`.execute(t.database.db);
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await signIn(t.app);
  // 1,010 recent matches (the last 14 days hold a full rank window) and 20 older ones.
  await addPhraseArticles('recentdesk', 1010, new Date(Date.now() - 3600_000).toISOString());
  await addPhraseArticles('olddesk', 20, new Date(Date.now() - 60 * 86400_000).toISOString());
});
afterAll(async () => {
  await t?.close();
});

async function page(search: string, offset: number, limit = 100): Promise<ArticlesPage> {
  const response = await get(t.app, demo, '/api/user/articles/', { tab: 'search', search, offset, limit });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('a phrase search looks in the last 14 days first', () => {
  it('knows which searches make a phrase', () => {
    expect(hasPhrase('"supply chain"')).toBe(true);
    expect(hasPhrase('e-commerce')).toBe(true);
    expect(hasPhrase('U.S. tariffs')).toBe(true);
    expect(hasPhrase('pricing retail')).toBe(false);
    expect(hasPhrase('pricing -retail')).toBe(false);
    expect(hasPhrase('pricing or retail')).toBe(false);
  });

  it('answers the same window as over all dates: the newest 1,000 matches, then the older ones by date', async () => {
    const seen: ArticlesPage['data'] = [];
    for (let offset = 0; offset < 1100; offset += 100)
      seen.push(...(await page('"quarkly vortex"', offset)).data);
    expect(seen).toHaveLength(1030);
    expect(new Set(seen.map((a) => a.id)).size).toBe(1030);
    const windowIds = new Set(seen.slice(0, 1000).map((a) => a.id));
    const newest = [...seen].sort((a, b) => b.publishDate.localeCompare(a.publishDate) || b.id - a.id);
    expect(windowIds).toEqual(new Set(newest.slice(0, 1000).map((a) => a.id)));
    const past = seen.slice(1000);
    expect(past.map((a) => a.title)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `Quarkly vortex report ${1001 + i}`),
      ...Array.from({ length: 20 }, (_, i) => `Quarkly vortex report ${i + 1}`),
    ]);
    // Without enough recent matches (the old desk only), every date is searched.
    const old = await page('"vortex report 5"', 0);
    expect(old.data.map((a) => a.title)).toEqual(expect.arrayContaining(['Quarkly vortex report 5']));
  });
});
