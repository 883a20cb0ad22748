import type { DesignArticle } from '../../../domain/publishSchemas.ts';

/** Whether XML 1.0 can hold the character (tab, newline and carriage return are the only controls). */
function xmlChar(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20) return code === 0x09 || code === 0x0a || code === 0x0d;
  return code !== 0xfffe && code !== 0xffff;
}

const xml = (value: string) =>
  [...value]
    .filter(xmlChar)
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

export type FeedInput = {
  title: string;
  description: string;
  /** The web version (the channel's link). */
  link: string;
  /** The feed's own address. */
  self: string;
  updated: Date;
  articles: readonly DesignArticle[];
};

/** An RSS 2.0 feed of an edition's articles, in edition order (with an atom:link to itself). */
export function rssFeed(input: FeedInput): string {
  const items = input.articles
    .map(
      (article) =>
        '<item>' +
        `<title>${xml(article.title)}</title>` +
        `<link>${xml(article.url)}</link>` +
        `<guid isPermaLink="true">${xml(article.url)}</guid>` +
        `<pubDate>${new Date(article.published_at).toUTCString()}</pubDate>` +
        (article.summary ? `<description>${xml(article.summary)}</description>` : '') +
        '</item>',
    )
    .join('\n');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">\n<channel>\n' +
    `<title>${xml(input.title)}</title>\n` +
    `<link>${xml(input.link)}</link>\n` +
    `<description>${xml(input.description)}</description>\n` +
    `<atom:link href="${xml(input.self)}" rel="self" type="application/rss+xml" />\n` +
    '<language>en</language>\n' +
    `<lastBuildDate>${input.updated.toUTCString()}</lastBuildDate>\n` +
    `${items}\n</channel>\n</rss>\n`
  );
}
