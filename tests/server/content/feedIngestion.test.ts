import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ResolvedAddress } from '../../../server/lib/fetchUserUrl.ts';
import { DEMO_IDS } from '../../../server/seed/demoIds.ts';
import { type FetchSourceOptions, fetchSource } from '../../../server/services/content/fetchSource.ts';
import { createTestApp, signIn, type TestApp } from '../../helpers/testApp.ts';
import { get, post } from '../workflowTestKit.ts';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name));

/** A local feed server: real RSS, Atom and JSON Feed files, and the bad cases. It records each request. */
const requests: { path: string; headers: http.IncomingHttpHeaders }[] = [];
let server: http.Server;
let port = 0;
const feedUrl = (p: string) => `http://feed.test:${port}${p}`;

/** feed.test is the local server (allowed by the tests); internal.test is a private address (never). */
const names: Record<string, ResolvedAddress[]> = {
  'feed.test': [{ address: '127.0.0.1', family: 4 }],
  'internal.test': [{ address: '10.20.30.40', family: 4 }],
};
const options: FetchSourceOptions = {
  allowPrivate: ['feed.test'],
  maxBytes: 20_000,
  timeoutMs: 2000,
  resolve: async (host) => {
    const found = names[host];
    if (!found) throw new Error('ENOTFOUND');
    return found;
  },
};

let t: TestApp;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const p = req.url ?? '/';
    requests.push({ path: p, headers: req.headers });
    const serve = (type: string, body: Buffer | string, etag?: string) => {
      if (etag && req.headers['if-none-match'] === etag) return void res.writeHead(304).end();
      res.writeHead(200, { 'content-type': type, ...(etag ? { etag } : {}) }).end(body);
    };
    if (p === '/rss.xml') serve('application/rss+xml; charset=utf-8', fixture('rss2.xml'), '"rss-1"');
    else if (p === '/job.xml')
      serve(
        'application/rss+xml',
        fixture('rss2.xml')
          .toString()
          .replace(/supplychain\.example\.com/gi, 'job.example.com'),
      );
    else if (p === '/added.xml')
      serve(
        'application/rss+xml',
        fixture('rss2.xml')
          .toString()
          .replace(/supplychain\.example\.com/gi, 'added.example.com'),
      );
    else if (p === '/atom.xml') serve('application/atom+xml', fixture('atom.xml'));
    else if (p.startsWith('/feed.json')) serve('application/feed+json', fixture('feed.json'));
    else if (p.startsWith('/huge.xml'))
      serve('application/rss+xml', `<rss version="2.0"><channel>${'<item/>'.repeat(5000)}</channel></rss>`);
    else if (p === '/broken.xml') serve('application/rss+xml', '<html><body><h1>Not a feed</h1>');
    else if (p === '/to-internal') res.writeHead(302, { location: 'http://internal.test/latest.xml' }).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  t = await createTestApp({}, { feedFetcher: { sweepMs: 3_600_000, fetch: options } });
});

afterAll(async () => {
  await t?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

async function addSource(url: string, orgId: number | null = null): Promise<number> {
  const row = await t.database.db
    .insertInto('article_sources')
    .values({ org_id: orgId, name: `Test ${url}`, feed_url: url })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const source = (id: number) =>
  t.database.db.selectFrom('article_sources').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const articlesOf = (id: number) =>
  t.database.db
    .selectFrom('articles')
    .selectAll()
    .where('source_id', '=', id)
    .orderBy('published_at', 'desc')
    .execute();
const poolCount = async (link: string) =>
  Number(
    (
      await t.database.db
        .selectFrom('articles')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('canonical_link', '=', link)
        .where('org_id', 'is', null)
        .executeTakeFirstOrThrow()
    ).n,
  );

const AURORA = 'https://supplychain.example.com/news/aurora-robotics';

describe('feed ingestion', () => {
  let rssId = 0;

  it('stores the articles of an RSS 2.0 feed: plain texts, canonical links, images, dates, concepts, entities', async () => {
    rssId = await addSource(feedUrl('/rss.xml'));
    const result = await fetchSource(t.database.db, rssId, options);
    expect(result).toEqual({ outcome: 'stored', stored: 3, entries: 3 });
    const rows = await articlesOf(rssId);
    expect(rows.map((r) => r.canonical_link)).toEqual([
      AURORA,
      'https://supplychain.example.com/news/port-congestion',
      'https://supplychain.example.com/news/electric-trucks',
    ]);
    const [aurora, port, trucks] = rows;
    expect(aurora?.title).toBe('Aurora Labs cuts warehouse costs with supply chain robotics');
    expect(aurora?.description).toMatch(/^Aurora Labs said its supply chain robotics programme/);
    expect(aurora?.content_text).not.toContain('<');
    expect(aurora?.content_text).not.toContain('alert');
    expect(aurora?.website).toBe('supplychain.example.com');
    expect(aurora?.image_url).toBe('https://cdn.supplychain.example.com/aurora.jpg');
    expect(aurora?.published_at.toISOString()).toBe('2026-11-23T08:30:00.000Z');
    expect(aurora?.entities).toEqual(expect.arrayContaining(['Aurora Labs', 'Northwind Analytics']));
    expect(aurora?.entity_keys).toEqual(expect.arrayContaining(['aurora labs', 'northwind analytics']));
    const concepts = aurora?.concepts ?? [];
    expect(concepts.length).toBe(5);
    expect(concepts[0]?.relevance).toBe(1);
    const text = `${aurora?.title} ${aurora?.description} ${aurora?.content_text}`.toLowerCase();
    for (const concept of concepts) expect(text).toContain(concept.name);
    const words = concepts.flatMap((c) => c.name.split(' '));
    expect(new Set(words).size).toBe(words.length);
    expect(concepts.map((c) => c.relevance)).toEqual(
      [...concepts.map((c) => c.relevance)].sort((a, b) => b - a),
    );
    expect(port?.image_url).toBe('https://cdn.supplychain.example.com/port.png');
    expect(trucks?.link).toBe('https://supplychain.example.com/news/electric-trucks'); // relative link, resolved
    expect(trucks?.published_at.toISOString()).toBe('2026-11-21T09:15:00.000Z');
    const after = await source(rssId);
    expect(after).toMatchObject({ kind: 'rss', etag: '"rss-1"', last_error: null });
    expect(after.last_fetched_at).not.toBeNull();
  });

  it('sends If-None-Match on the next fetch; the 304 adds nothing', async () => {
    const before = (await articlesOf(rssId)).length;
    const result = await fetchSource(t.database.db, rssId, options);
    expect(result).toEqual({ outcome: 'not_modified' });
    expect(requests.filter((r) => r.path === '/rss.xml').at(-1)?.headers['if-none-match']).toBe('"rss-1"');
    expect((await articlesOf(rssId)).length).toBe(before);
    expect((await source(rssId)).last_error).toBeNull();
  });

  it('does not store a link twice: the same story in an Atom feed (other tracking, other case) is skipped', async () => {
    const atomId = await addSource(feedUrl('/atom.xml'));
    const result = await fetchSource(t.database.db, atomId, options);
    expect(result).toEqual({ outcome: 'stored', stored: 1, entries: 2 });
    expect(await poolCount(AURORA)).toBe(1);
    const [coldChain] = await articlesOf(atomId);
    expect(coldChain).toMatchObject({
      title: 'Cold chain demand grows for vaccines',
      website: 'review.example.org',
    });
    expect(coldChain?.published_at.toISOString()).toBe('2026-11-20T07:00:00.000Z');
    expect(coldChain?.entities).toContain('Kestrel Systems');
    expect((await source(atomId)).kind).toBe('atom');
  });

  it('keeps pools apart: an organisation whose own feed has the link gets its own copy', async () => {
    const own = await addSource(feedUrl('/rss.xml'), DEMO_IDS.mainOrgId);
    expect(await fetchSource(t.database.db, own, options)).toMatchObject({ outcome: 'stored', stored: 3 });
    const copies = await t.database.db
      .selectFrom('articles')
      .select('org_id')
      .where('canonical_link', '=', AURORA)
      .orderBy('org_id')
      .execute();
    expect(copies.map((c) => c.org_id)).toEqual([DEMO_IDS.mainOrgId, null]);
  });

  it('reads a JSON Feed', async () => {
    const jsonId = await addSource(feedUrl('/feed.json'));
    expect(await fetchSource(t.database.db, jsonId, options)).toEqual({
      outcome: 'stored',
      stored: 2,
      entries: 2,
    });
    const rows = await articlesOf(jsonId);
    expect(rows[0]).toMatchObject({
      title: 'Checkout-free stores spread to suburbs',
      image_url: 'https://retail.example.net/img/stores.jpg',
    });
    expect(rows[1]?.description).toBe('Loyalty apps replaced plastic cards at three grocery chains.');
    expect((await source(jsonId)).kind).toBe('json');
  });

  it.each([
    ['an oversized feed', '/huge.xml', /larger than/],
    ['a feed that is not one', '/broken.xml', /Not an RSS, Atom or JSON feed/],
    ['a redirect to a private address', '/to-internal', /private or local address \(10\.20\.30\.40\)/],
  ])('refuses %s, stores nothing and records why in last_error', async (_what, feedPath, reason) => {
    const id = await addSource(feedUrl(feedPath));
    const result = await fetchSource(t.database.db, id, options);
    expect(result.outcome).toBe('failed');
    expect(await articlesOf(id)).toEqual([]);
    const after = await source(id);
    expect(after.last_error).toMatch(reason);
    expect(after.last_fetched_at).not.toBeNull();
  });

  it('refuses a feed on this machine unless a test allows it', async () => {
    const served = requests.length;
    const id = await addSource(`http://127.0.0.1:${port}/rss.xml`);
    expect((await fetchSource(t.database.db, id, { ...options, allowPrivate: false })).outcome).toBe(
      'failed',
    );
    expect((await source(id)).last_error).toMatch(/127\.0\.0\.1/);
    expect(requests.length).toBe(served);
  });

  it('a good fetch clears the last error', async () => {
    const id = await addSource(feedUrl('/feed.json?again'));
    await t.database.db
      .updateTable('article_sources')
      .set({ last_error: 'earlier failure' })
      .where('id', '=', id)
      .execute();
    expect((await fetchSource(t.database.db, id, options)).outcome).toBe('stored');
    expect((await source(id)).last_error).toBeNull();
  });

  it('finds articles by full-text search, the title weighing most', async () => {
    const { rows } = await sql<{ title: string }>`
      select title from articles
      where search @@ websearch_to_tsquery('english', 'electric truck') and org_id is null
      order by ts_rank(search, websearch_to_tsquery('english', 'electric truck')) desc`.execute(
      t.database.db,
    );
    expect(rows[0]?.title).toBe('Freight carriers bet on electric trucks');
    const cold = await sql<{ title: string }>`
      select title from articles where search @@ websearch_to_tsquery('english', 'vaccines -robotics')`.execute(
      t.database.db,
    );
    expect(cold.rows.map((r) => r.title)).toEqual(['Cold chain demand grows for vaccines']);
  });
});

describe('the feed job (pg-boss)', () => {
  it('fetches a due source on its sweep and stores its articles', async () => {
    const fetcher = t.app.feedFetcher;
    if (!fetcher) throw new Error('the feed fetcher is not running');
    const id = await addSource(feedUrl('/job.xml'));
    await fetcher.sweepSoon();
    await vi.waitFor(async () => expect((await articlesOf(id)).length).toBe(3), {
      timeout: 20_000,
      interval: 100,
    });
    expect((await source(id)).kind).toBe('rss');
  });

  it('a fetch asked for at once (a source just added) runs without waiting for the sweep', async () => {
    const fetcher = t.app.feedFetcher;
    if (!fetcher) throw new Error('the feed fetcher is not running');
    const id = await addSource(feedUrl('/huge.xml?now'));
    await fetcher.fetchNow(id);
    await vi.waitFor(async () => expect((await source(id)).last_error).toMatch(/larger than/), {
      timeout: 20_000,
      interval: 100,
    });
  });
  it('a feed added with article_sources/ is fetched at once, named by its title, and its articles are listed', async () => {
    const demo = await signIn(t.app);
    const added = await post(t.app, demo, '/api/user/article_sources/', {
      feed_url: feedUrl('/added.xml'),
    });
    expect(added.statusCode, added.body).toBe(200);
    const id: number = added.json().data.data.id;
    expect(added.json().data.data.name).toBe('feed.test');
    await vi.waitFor(
      async () => {
        const listed = await get(t.app, demo, '/api/user/articles/', { include_sources: String(id) });
        expect(listed.json().total_count).toBe(3);
      },
      { timeout: 20_000, interval: 200 },
    );
    const sources = await get(t.app, demo, '/api/user/article_sources/');
    expect(sources.json().data).toContainEqual(
      expect.objectContaining({
        type: 'feed',
        data: expect.objectContaining({
          id,
          name: 'Supply Chain Weekly',
          articles_count: 3,
          last_error: null,
        }),
      }),
    );
  });
});
