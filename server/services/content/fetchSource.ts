import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type FetchUserUrlOptions, fetchUserUrl, UserUrlError } from '../../lib/fetchUserUrl.ts';
import { sourceToFetch } from './contentQueries.ts';
import { defaultFeedName } from './defaultFeedName.ts';
import { decodeFeedBody, FeedParseError, parseFeedDocument } from './parseFeedDocument.ts';
import { recordFetched } from './recordFetched.ts';
import { recordFetchFailure } from './recordFetchFailure.ts';
import { articleRow, storeArticles } from './storeFeedEntries.ts';

export type FetchSourceOptions = Pick<
  FetchUserUrlOptions,
  'timeoutMs' | 'maxBytes' | 'allowPrivate' | 'resolve'
>;

export type FetchSourceResult =
  | { outcome: 'stored'; stored: number; entries: number }
  | { outcome: 'not_modified' }
  | { outcome: 'failed'; error: string }
  | { outcome: 'skipped' };

const ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.8, text/xml;q=0.8, */*;q=0.5';

/**
 * Fetches one source's feed (the safe fetch, with the validators of its last answer) and stores what is
 * new: a 304 stores nothing; a feed that cannot be fetched or read leaves the pool as it was and records
 * why in last_error (never throws for that). Articles and the source's new validators are written in one
 * transaction, so a failure half-way stores nothing. Only a database failure throws (the job retries).
 */
export async function fetchSource(
  db: Kysely<Database>,
  sourceId: number,
  options: FetchSourceOptions = {},
): Promise<FetchSourceResult> {
  const source = await sourceToFetch(db, sourceId);
  if (!source) return { outcome: 'skipped' };
  let response: Awaited<ReturnType<typeof fetchUserUrl>>;
  try {
    response = await fetchUserUrl(source.feed_url, {
      ...options,
      etag: source.etag,
      lastModified: source.last_modified,
      accept: ACCEPT,
    });
  } catch (error) {
    const message = error instanceof UserUrlError ? error.message : 'The feed could not be fetched.';
    await recordFetchFailure(db, source.id, message);
    return { outcome: 'failed', error: message };
  }
  if (response.status === 304) {
    await recordFetched(db, source.id, { etag: response.etag, lastModified: response.lastModified });
    return { outcome: 'not_modified' };
  }
  const text = decodeFeedBody(response.body, response.contentType);
  let feed: ReturnType<typeof parseFeedDocument>;
  try {
    feed = parseFeedDocument(text);
  } catch (error) {
    const message = error instanceof FeedParseError ? error.message : 'The feed could not be read.';
    await recordFetchFailure(db, source.id, message);
    return { outcome: 'failed', error: message };
  }
  const now = new Date();
  // Relative links are read against the site the feed names (an absolute address), else the feed's own.
  const base = feed.siteUrl ? new URL(feed.siteUrl, response.url).href : response.url;
  const rows = feed.entries
    .map((entry) => articleRow(entry, source, base, now))
    .filter((row) => row !== null);
  const stored = await db.transaction().execute(async (trx) => {
    const count = await storeArticles(trx, rows);
    // A feed added without a name takes its own title at its first good read.
    if (feed.title)
      await trx
        .updateTable('article_sources')
        .set({ name: feed.title.slice(0, 120) })
        .where('id', '=', source.id)
        .where('name', '=', defaultFeedName(source.feed_url))
        .execute();
    await recordFetched(trx, source.id, {
      kind: feed.kind,
      etag: response.etag,
      lastModified: response.lastModified,
    });
    return count;
  });
  return { outcome: 'stored', stored, entries: feed.entries.length };
}
