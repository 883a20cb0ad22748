import { sql } from 'kysely';
import type { DatabaseHandle } from '../server/db/openDatabase.ts';

/**
 * The content bench's data, made inside the database with generate_series (no round trip per row):
 * `articles` articles in the global pool over the last 120 days, inserted oldest first (as feeds bring them:
 * a new article is a recent one, so the table's order follows the publication dates, give or take 90 min), their titles and summaries drawn from the
 * seeded pool's own terms with a skewed choice (a few words common, most rare, as in real text), from the
 * seeded sources; and `campaigns` campaigns of the organisation, each with one digest email (whose first
 * edition the emails trigger makes) holding three curated articles. Returns how long it took.
 */
export async function fillContent(
  database: DatabaseHandle,
  options: { articles: number; campaigns: number; orgId: number; userId: number },
): Promise<number> {
  const started = performance.now();
  const db = database.db;
  const vocabulary = (
    await sql<{ term: string }>`
      select term from article_term_counts where pool = 0 and length(term) > 3 order by doc_count desc, term limit 3000`.execute(
      db,
    )
  ).rows.map((row) => row.term);
  if (vocabulary.length < 100) throw new Error('the seeded article pool is missing (no term counts)');
  const sources = (
    await sql<{ id: number; host: string }>`
      select id, split_part(split_part(feed_url, '://', 2), '/', 1) as host from article_sources where org_id is null order by id`.execute(
      db,
    )
  ).rows;
  const sourceIds = sources.map((s) => s.id);
  const hosts = sources.map((s) => s.host);
  const n = vocabulary.length;
  // words(k, seed): k words, the i-th chosen by floor(n * r^3) for a pseudo-random r (skewed to common terms).
  await sql`
    create or replace function pg_temp.bench_words(k int, seed int, words text[]) returns text language sql immutable as $$
      select string_agg(words[1 + floor(${sql.raw(String(n))} * power(((seed::bigint * 7919 + i * 104729) % 100003) / 100003.0, 3))::int], ' ')
      from generate_series(1, k) as i
    $$`.execute(db);
  const firstArticle =
    (await sql<{ id: number }>`select coalesce(max(id), 0)::int + 1 as id from articles`.execute(db)).rows[0]
      ?.id ?? 1;
  const batch = 50_000;
  for (let from = 1; from <= options.articles; from += batch) {
    const to = Math.min(options.articles, from + batch - 1);
    await sql`
      insert into articles (org_id, source_id, title, description, link, canonical_link, website, published_at,
        entities, entity_keys, concepts)
      select null, (${sourceIds}::int[])[1 + g % ${sourceIds.length}],
        initcap(pg_temp.bench_words(7, g, ${vocabulary}::text[])),
        pg_temp.bench_words(28, g * 31 + 7, ${vocabulary}::text[]),
        'https://' || (${hosts}::text[])[1 + g % ${hosts.length}] || '/bench/' || g,
        'https://' || (${hosts}::text[])[1 + g % ${hosts.length}] || '/bench/' || g,
        (${hosts}::text[])[1 + g % ${hosts.length}],
        now() - (${options.articles}::int - g) * (interval '120 days' / ${options.articles}::int) - ((g::bigint * 6151) % 90) * interval '1 minute',
        '{}', '{}', '[]'
      from generate_series(${from}::int, ${to}::int) as g`.execute(db);
  }
  const { orgId, userId } = options;
  await sql`
    insert into campaigns (org_id, user_id, name, position, created_at, updated_at)
    select ${orgId}, ${userId}, 'Bench campaign ' || g || ' ' || (array['spring','launch','digest','webinar','renewal','pricing'])[1 + g % 6],
      1000 + g, now() - g * interval '1 minute', now() - g * interval '1 minute'
    from generate_series(1, ${options.campaigns}) as g`.execute(db);
  await sql`
    insert into emails (org_id, user_id, campaign_id, name, subject, email_type, sent_from, sender_name)
    select ${orgId}, ${userId}, c.id, c.name || ' email', 'News from ' || c.name, 0, 'news@bench.test', 'Bench'
    from campaigns c where c.org_id = ${orgId} and c.name like 'Bench campaign %'`.execute(db);
  await sql`
    insert into edition_articles (version_id, article_id, position)
    select v.id, ${firstArticle} + ((v.id * 3 + k) % ${Math.max(1, options.articles)}), k
    from email_versions v join emails e on e.id = v.email_id and e.name like 'Bench campaign %'
    cross join generate_series(1, 3) as k
    on conflict do nothing`.execute(db);
  await sql`vacuum analyze`.execute(db);
  return Math.round(performance.now() - started);
}
