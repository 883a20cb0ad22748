import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { NewArticle } from '../services/content/contentQueries.ts';
import { extractConcepts, termCounts } from '../services/content/extractConcepts.ts';
import { entityKeys, extractEntities } from '../services/content/extractEntities.ts';
import {
  DEMO_SOURCES,
  OTHER_COMPANIES,
  SUMMARY_FOLLOW_UPS,
  SUMMARY_OPENINGS,
  TITLE_TEMPLATES,
} from './articleVocabulary.ts';
import { seededRandom } from './seededRandom.ts';
import { SEED_NOW } from './seedTime.ts';

/** Articles per demo source: 12 sources, 3,120 articles over the last POOL_DAYS days. */
export const ARTICLES_PER_SOURCE = 260;
export const POOL_DAYS = 120;
const INSERT_ROWS = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

/**
 * The global article pool of the demo: a dozen named sources (never fetched: fetch_enabled false) and
 * 3,120 articles over the 120 days before SEED_NOW, put together from word lists (articleVocabulary.ts)
 * with one named random stream, so two fresh databases hold the same articles. About a third name an
 * account of a demo organisation (the "my accounts" tab has something to show). Concepts come from the
 * same TF-IDF as fetched feeds, over the whole generated pool; the pool's term counts are stored with it.
 * Inserted with a few multi-row statements (no round trip per article). Returns how many articles.
 */
export async function seedArticlePool(trx: Transaction<Database>): Promise<number> {
  const random = seededRandom('article-pool');
  const accounts = await trx.selectFrom('accounts').select('name').orderBy('id').execute();
  const accountNames = accounts.map((a) => a.name);
  const sources = await trx
    .insertInto('article_sources')
    .values(
      DEMO_SOURCES.map((s) => ({
        org_id: null,
        name: s.name,
        feed_url: `https://${s.domain}/feed/${s.kind === 'json' ? 'feed.json' : `${s.kind}.xml`}`,
        kind: s.kind,
        fetch_enabled: false,
        last_fetched_at: SEED_NOW,
        created_at: new Date(SEED_NOW.getTime() - (POOL_DAYS + 30) * DAY_MS),
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const sourceIds = new Map(sources.map((s) => [s.name, s.id]));

  const company = () =>
    accountNames.length > 0 && random.chance(0.35) ? random.pick(accountNames) : random.pick(OTHER_COMPANIES);
  const rows: NewArticle[] = [];
  const counts: Map<string, number>[] = [];
  for (const source of DEMO_SOURCES) {
    for (let i = 0; i < ARTICLES_PER_SOURCE; i += 1) {
      const [subject, subject2] = random.sample(source.subjects, 2) as [string, string];
      const fill = (template: string) =>
        template
          .replaceAll('{company2}', company())
          .replaceAll('{company}', company())
          .replaceAll('{subject2}', subject2)
          .replaceAll('{subject}', subject)
          .replaceAll('{readers}', random.pick(source.readers))
          .replaceAll('{count}', String(random.int(3, 9)))
          .replaceAll('{year}', '2026');
      const title = capitalise(fill(random.pick(TITLE_TEMPLATES)));
      const description = `${capitalise(fill(random.pick(SUMMARY_OPENINGS)))} ${capitalise(fill(random.pick(SUMMARY_FOLLOW_UPS)))}`;
      const published = new Date(
        SEED_NOW.getTime() - random.int(0, POOL_DAYS - 1) * DAY_MS - random.int(0, 24 * 60 - 1) * 60_000,
      );
      const month = published.toISOString().slice(0, 7).replace('-', '/');
      const link = `https://${source.domain}/${month}/${slug(title)}-${i + 1}`;
      const entities = extractEntities(title, description);
      rows.push({
        org_id: null,
        source_id: sourceIds.get(source.name) ?? null,
        title,
        description,
        content_text: null,
        link,
        canonical_link: link,
        website: source.domain,
        image_url: null,
        published_at: published,
        entities,
        entity_keys: entityKeys(entities),
      });
      counts.push(termCounts(title, description));
    }
  }

  const documents = new Map<string, number>();
  for (const doc of counts)
    for (const term of doc.keys()) documents.set(term, (documents.get(term) ?? 0) + 1);
  for (let at = 0; at < rows.length; at += INSERT_ROWS) {
    await trx
      .insertInto('articles')
      .values(
        rows.slice(at, at + INSERT_ROWS).map((row, k) => ({
          ...row,
          concepts: JSON.stringify(
            extractConcepts(
              counts[at + k] as Map<string, number>,
              (term) => documents.get(term) ?? 1,
              rows.length,
            ),
          ),
          created_at: row.published_at,
        })),
      )
      .execute();
  }
  const terms = [...documents.keys()].sort();
  await sql`
    insert into article_term_counts (pool, term, doc_count)
    select 0, t.term, t.n from unnest(${terms}::text[], ${terms.map((t) => documents.get(t) ?? 0)}::int[]) as t(term, n)
  `.execute(trx);
  return rows.length;
}
