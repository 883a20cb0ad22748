import { parseFeed } from 'feedsmith';
import type { FeedKind } from '../../db/schema.ts';
import { htmlToText } from './htmlToText.ts';

/** One entry of a feed, in the pool's terms (texts plain, link as the feed gave it). */
export type FeedEntry = {
  title: string;
  link: string;
  description: string;
  contentText: string | null;
  imageUrl: string | null;
  publishedAt: Date | null;
};

export type ParsedFeed = {
  kind: FeedKind;
  title: string | null;
  /** The site the feed belongs to (its home page link), when the feed names one. */
  siteUrl: string | null;
  entries: FeedEntry[];
};

export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedParseError';
  }
}

/** Entries read from one feed at most (a feed of thousands keeps its newest). */
export const MAX_ENTRIES = 500;
const DESCRIPTION_CHARS = 1000;

type Loose = Record<string, unknown>;
const obj = (value: unknown): Loose | undefined =>
  value !== null && typeof value === 'object' ? (value as Loose) : undefined;
const str = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value.trim() || undefined;
  const inner = obj(value)?.value; // Atom texts: { value, type }
  return typeof inner === 'string' ? inner.trim() || undefined : undefined;
};
const list = (value: unknown): Loose[] =>
  Array.isArray(value) ? value.map(obj).filter((v) => v !== undefined) : [];

function date(...values: unknown[]): Date | null {
  for (const value of values) {
    const text = str(value) ?? (Array.isArray(value) ? str(value[0]) : undefined);
    if (!text) continue;
    const parsed = new Date(text);
    if (!Number.isNaN(parsed.getTime())) return parsed;
  }
  return null;
}

/** The first image URL among media:content, media:thumbnail, media groups and image enclosures. */
function mediaImage(item: Loose): string | undefined {
  const media = obj(item.media);
  const candidates = [
    ...list(media?.contents),
    ...list(media?.thumbnails),
    ...list(media?.groups).flatMap((group) => [...list(group.contents), ...list(group.thumbnails)]),
  ];
  for (const candidate of candidates) {
    const url = str(candidate.url);
    const medium = str(candidate.medium);
    const type = str(candidate.type);
    if (url && (medium === 'image' || type?.startsWith('image/') || (!medium && !type))) return url;
  }
  for (const enclosure of list(item.enclosures)) {
    const url = str(enclosure.url);
    if (url && str(enclosure.type)?.startsWith('image/')) return url;
  }
  return undefined;
}

function rssEntry(item: Loose): FeedEntry | null {
  const link =
    str(item.link) ?? (obj(item.guid)?.isPermaLink !== false ? str(obj(item.guid)?.value) : undefined);
  const title = str(item.title);
  if (!link || !title) return null;
  const content = str(obj(item.content)?.encoded);
  const description = str(item.description) ?? content ?? '';
  const dc = obj(item.dc);
  return {
    title: htmlToText(title, 500),
    link,
    description: htmlToText(description, DESCRIPTION_CHARS),
    contentText: content ? htmlToText(content) : null,
    imageUrl: mediaImage(item) ?? null,
    publishedAt: date(item.pubDate, dc?.date, dc?.dates),
  };
}

function atomEntry(entry: Loose): FeedEntry | null {
  const links = list(entry.links);
  const alternate = links.find((l) => !str(l.rel) || str(l.rel) === 'alternate') ?? links[0];
  const link = str(alternate?.href);
  const title = str(entry.title);
  if (!link || !title) return null;
  const content = str(obj(entry.content)?.value);
  return {
    title: htmlToText(title, 500),
    link,
    description: htmlToText(str(entry.summary) ?? content ?? '', DESCRIPTION_CHARS),
    contentText: content ? htmlToText(content) : null,
    imageUrl: mediaImage(entry) ?? null,
    publishedAt: date(entry.published, entry.updated),
  };
}

function jsonEntry(item: Loose): FeedEntry | null {
  const link = str(item.url) ?? str(item.external_url);
  const contentHtml = str(item.content_html);
  const contentText = str(item.content_text) ?? (contentHtml ? htmlToText(contentHtml) : undefined);
  const title = str(item.title) ?? (contentText ? contentText.slice(0, 120) : undefined);
  if (!link || !title) return null;
  return {
    title: htmlToText(title, 500),
    link,
    description: htmlToText(str(item.summary) ?? contentText ?? '', DESCRIPTION_CHARS),
    contentText: contentText ? htmlToText(contentText) : null,
    imageUrl: str(item.image) ?? str(item.banner_image) ?? null,
    publishedAt: date(item.date_published, item.date_modified),
  };
}

function atomSite(feed: Loose): string | null {
  const links = list(feed.links);
  return str((links.find((l) => !str(l.rel) || str(l.rel) === 'alternate') ?? undefined)?.href) ?? null;
}

/** The text of a fetched feed, decoded by the charset its Content-Type or XML declaration names. */
export function decodeFeedBody(body: Buffer, contentType: string | null): string {
  const head = body.subarray(0, 200).toString('latin1');
  const charset = (
    contentType?.match(/charset="?([\w-]+)/i)?.[1] ??
    head.match(/<\?xml[^>]*encoding=["']([\w-]+)["']/i)?.[1] ??
    'utf-8'
  ).toLowerCase();
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/**
 * Reads an RSS 2.0 (or RSS 1.0 / RDF), Atom or JSON Feed document with feedsmith and returns its entries
 * in the pool's terms; entries without a link or a title are skipped. A document that is none of these
 * feeds (an HTML page, broken XML) is a FeedParseError.
 */
export function parseFeedDocument(text: string): ParsedFeed {
  let parsed: ReturnType<typeof parseFeed>;
  try {
    parsed = parseFeed(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new FeedParseError(`Not an RSS, Atom or JSON feed (${detail}).`);
  }
  const feed = parsed.feed as unknown as Loose;
  const entries: FeedEntry[] = [];
  const push = (entry: FeedEntry | null) => {
    if (entry && entries.length < MAX_ENTRIES) entries.push(entry);
  };
  switch (parsed.format) {
    case 'rss':
    case 'rdf':
      for (const item of list(feed.items)) push(rssEntry(item));
      return { kind: 'rss', title: str(feed.title) ?? null, siteUrl: str(feed.link) ?? null, entries };
    case 'atom':
      for (const entry of list(feed.entries)) push(atomEntry(entry));
      return { kind: 'atom', title: str(feed.title) ?? null, siteUrl: atomSite(feed), entries };
    case 'json':
      for (const item of list(feed.items)) push(jsonEntry(item));
      return {
        kind: 'json',
        title: str(feed.title) ?? null,
        siteUrl: str(feed.home_page_url) ?? null,
        entries,
      };
    default:
      throw new FeedParseError('Not an RSS, Atom or JSON feed.');
  }
}
