import { generateRssFeed } from 'feedsmith';
import type { DesignArticle } from '../../../domain/publishAnswers.ts';

/** Whether XML 1.0 can hold the character (tab, newline and carriage return are the only controls). */
function xmlChar(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20) return code === 0x09 || code === 0x0a || code === 0x0d;
  return code !== 0xfffe && code !== 0xffff;
}

/** The text without the characters XML 1.0 cannot hold (feedsmith escapes the rest, or writes CDATA). */
const xmlText = (value: string) => [...value].filter(xmlChar).join('');

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

/**
 * An RSS 2.0 feed of an edition's articles, in edition order (with an atom:link to itself), written by
 * feedsmith, the library that also reads the feeds the content service fetches.
 */
export function rssFeed(input: FeedInput): string {
  return generateRssFeed({
    title: xmlText(input.title),
    link: xmlText(input.link),
    description: xmlText(input.description),
    language: 'en',
    lastBuildDate: input.updated,
    atom: { links: [{ href: xmlText(input.self), rel: 'self', type: 'application/rss+xml' }] },
    items: input.articles.map((article) => ({
      title: xmlText(article.title),
      link: xmlText(article.url),
      guid: { value: xmlText(article.url), isPermaLink: true },
      pubDate: new Date(article.published_at),
      ...(article.summary ? { description: xmlText(article.summary) } : {}),
    })),
  });
}
