import { parseRssFeed } from 'feedsmith';
import { describe, expect, it } from 'vitest';
import { rssFeed } from '../../../server/services/publish/rssFeed.ts';

const article = (id: number, title: string, summary = '') => ({
  id,
  title,
  url: `https://news.test/${id}?a=1&b=2`,
  image_url: null,
  summary,
  source_name: 'News',
  published_at: '2026-11-20T10:00:00.000Z',
});

describe('rssFeed (written by feedsmith)', () => {
  it('writes an RSS 2.0 feed that a feed parser reads back as it was given', () => {
    const xml = rssFeed({
      title: 'Weekly <news> & "views" ]]> 👋',
      description: 'Acme, issue 3',
      link: 'https://app.test/web/abc',
      self: 'https://app.test/web/abc/rss.xml',
      updated: new Date('2026-11-21T08:00:00Z'),
      articles: [article(2, 'Second & <b>bold</b>', 'About it'), article(1, 'First')],
    });
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain(
      '<atom:link href="https://app.test/web/abc/rss.xml" rel="self" type="application/rss+xml"/>',
    );
    const feed = parseRssFeed(xml);
    expect(feed).toMatchObject({
      title: 'Weekly <news> & "views" ]]> 👋',
      link: 'https://app.test/web/abc',
      description: 'Acme, issue 3',
      language: 'en',
    });
    expect(new Date(String(feed.lastBuildDate)).toISOString()).toBe('2026-11-21T08:00:00.000Z');
    expect(feed.items?.map((item) => [item.title, item.link, item.guid?.value, item.description])).toEqual([
      ['Second & <b>bold</b>', 'https://news.test/2?a=1&b=2', 'https://news.test/2?a=1&b=2', 'About it'],
      ['First', 'https://news.test/1?a=1&b=2', 'https://news.test/1?a=1&b=2', undefined],
    ]);
  });

  it('leaves out the characters XML 1.0 cannot hold, so the feed stays well-formed', () => {
    const xml = rssFeed({
      title: 'Bell\u0007 and \u0000null\ufffe',
      description: 'd',
      link: 'https://app.test/web/abc',
      self: 'https://app.test/web/abc/rss.xml',
      updated: new Date('2026-11-21T08:00:00Z'),
      articles: [article(1, 'Tab\tkept\u001b')],
    });
    const forbidden = [...xml].filter((char) => {
      const code = char.codePointAt(0) ?? 0;
      return (code < 0x20 && ![0x09, 0x0a, 0x0d].includes(code)) || code === 0xfffe || code === 0xffff;
    });
    expect(forbidden).toEqual([]);
    const feed = parseRssFeed(xml);
    expect(feed.title).toBe('Bell and null');
    expect(feed.items?.[0]?.title).toBe('Tab\tkept');
  });
});
