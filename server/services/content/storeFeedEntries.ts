import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { addTermCounts } from './addTermCounts.ts';
import { canonicalLink } from './canonicalLink.ts';
import { type NewArticle, poolKey, poolSize, termDocCounts } from './contentQueries.ts';
import { extractConcepts, termCounts } from './extractConcepts.ts';
import { entityKeys, extractEntities } from './extractEntities.ts';
import { insertNewArticles } from './insertNewArticles.ts';
import type { FeedEntry } from './parseFeedDocument.ts';
import { setConcepts } from './setConcepts.ts';

const httpUrl = (value: string | null, base: string): string | null => {
  if (!value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
};

/** An entry as an article row of the source's pool, or null when its link is not a web address. */
export function articleRow(
  entry: FeedEntry,
  source: { id: number | null; org_id: number | null },
  feedUrl: string,
  now: Date,
): NewArticle | null {
  const canonical = canonicalLink(entry.link, feedUrl);
  if (!canonical) return null;
  const published =
    entry.publishedAt && entry.publishedAt.getTime() <= now.getTime() + 60_000 ? entry.publishedAt : now;
  const entities = extractEntities(entry.title, entry.description, entry.contentText ?? '');
  return {
    org_id: source.org_id,
    source_id: source.id,
    title: entry.title,
    description: entry.description,
    content_text: entry.contentText,
    link: httpUrl(entry.link, feedUrl) ?? canonical,
    canonical_link: canonical,
    website: new URL(canonical).hostname.replace(/^www\./, ''),
    image_url: httpUrl(entry.imageUrl, feedUrl),
    published_at: published,
    entities,
    entity_keys: entityKeys(entities),
  };
}

/**
 * Stores the articles of a pool it does not hold yet (inside the caller's transaction): one per canonical
 * link, in the batch and in the pool; then counts their terms into the pool's statistics and gives each
 * new article its TF-IDF concepts. Returns how many were new.
 */
export async function storeArticles(
  trx: Transaction<Database>,
  rows: readonly NewArticle[],
): Promise<number> {
  const unique = [...new Map(rows.map((row) => [`${row.org_id}|${row.canonical_link}`, row])).values()];
  let stored = 0;
  for (const orgId of new Set(unique.map((row) => row.org_id))) {
    const poolRows = unique.filter((row) => row.org_id === orgId);
    const inserted = await insertNewArticles(trx, poolRows);
    if (inserted.length === 0) continue;
    stored += inserted.length;
    const byLink = new Map(poolRows.map((row) => [row.canonical_link, row]));
    const docs = inserted.map(({ id, canonical_link }) => {
      const row = byLink.get(canonical_link) as NewArticle;
      return { id, counts: termCounts(row.title, `${row.description} ${row.content_text ?? ''}`) };
    });
    const documents = new Map<string, number>();
    for (const doc of docs)
      for (const term of doc.counts.keys()) documents.set(term, (documents.get(term) ?? 0) + 1);
    const pool = poolKey(orgId);
    await addTermCounts(trx, pool, documents);
    const df = await termDocCounts(trx, pool, [...documents.keys()]);
    const size = await poolSize(trx, orgId);
    await setConcepts(
      trx,
      docs.map((doc) => ({
        id: doc.id,
        concepts: extractConcepts(doc.counts, (term) => df.get(term) ?? 1, size),
      })),
    );
  }
  return stored;
}
