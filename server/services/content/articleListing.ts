import { type RawBuilder, sql } from 'kysely';
import type {
  Article,
  ArticleConceptItem,
  ArticlesPage,
  ContentTab,
} from '../../../domain/contentArticles.ts';
import type { ArticleFilters } from '../../../domain/contentSchemas.ts';
import type { Db } from '../../db/Db.ts';
import { notFound } from '../../lib/AppError.ts';
import { HIGHLIGHT_OPTIONS, highlightHtml, stripHighlightMarkers } from './highlightHtml.ts';

export type Viewer = { orgId: number; userId: number };

export type ArticleQuery = {
  tab: ContentTab;
  /** The previously sent tab of one campaign: only its sent editions count. */
  campaignId?: number | null;
  filters: ArticleFilters;
  /** The date filter as instants (the days in the person's time zone). */
  from: Date | null;
  to: Date | null;
  offset: number;
  limit: number;
};

export const SOURCE_NOT_FOUND = 'Source not found.';
export const ARTICLE_NOT_FOUND = 'Article not found.';

/** The articles an organisation sees: the global pool and its own pool. */
export const visibleTo = (orgId: number) => sql<boolean>`(a.org_id is null or a.org_id = ${orgId})`;

/** Refuses (404) a source id that is neither of the global pool nor of this organisation. */
export async function checkSources(db: Db, orgId: number, given: readonly number[]): Promise<void> {
  const ids = [...new Set(given)];
  if (ids.length === 0) return;
  const { rows } = await sql<{ n: string | number }>`
    select count(*) as n from article_sources
    where id = any(${ids}::int[]) and (org_id is null or org_id = ${orgId})
  `.execute(db);
  if (Number(rows[0]?.n ?? 0) !== ids.length) throw notFound(SOURCE_NOT_FOUND);
}

/** The conditions of the search word, the advanced search and the date range. */
function filterConditions(orgId: number, query: ArticleQuery): RawBuilder<boolean>[] {
  const f = query.filters;
  const where: RawBuilder<boolean>[] = [visibleTo(orgId)];
  if (f.search !== '') where.push(sql<boolean>`a.search @@ websearch_to_tsquery('english', ${f.search})`);
  const include = f.include_sources;
  if (include.global || include.ids.length > 0) {
    const parts: RawBuilder<boolean>[] = [];
    if (include.global) parts.push(sql<boolean>`a.org_id is null`);
    if (include.ids.length > 0) parts.push(sql<boolean>`a.source_id = any(${include.ids}::int[])`);
    where.push(sql<boolean>`(${sql.join(parts, sql` or `)})`);
  }
  if (f.exclude_sources.global) where.push(sql<boolean>`a.org_id is not null`);
  if (f.exclude_sources.ids.length > 0)
    where.push(
      sql<boolean>`(a.source_id is null or not (a.source_id = any(${f.exclude_sources.ids}::int[])))`,
    );
  if (f.include_keywords.length > 0)
    where.push(
      sql<boolean>`(${sql.join(
        f.include_keywords.map((k) => sql`a.search @@ plainto_tsquery('english', ${k})`),
        sql` or `,
      )})`,
    );
  for (const k of f.exclude_keywords)
    where.push(sql<boolean>`not (a.search @@ plainto_tsquery('english', ${k}))`);
  if (query.from) where.push(sql<boolean>`a.published_at >= ${query.from}`);
  if (query.to) where.push(sql<boolean>`a.published_at < ${query.to}`);
  return where;
}

/**
 * A search ranks the newest RANK_WINDOW matches (by ts_rank_cd, then date); pages past them go on by date.
 * Ranking every match of a common word costs a pass over tens of thousands of rows per page (seconds at
 * 500,000 articles); the newest thousand matches are what a person curating this week's news reads.
 */
export const RANK_WINDOW = 1000;
/** A phrase search looks for its rank window in the articles of these last days first (see rankedPage). */
const RECENT_DAYS = 14;

/**
 * Whether websearch_to_tsquery makes a phrase (`<->`) of the search: quoted words, or words joined by
 * punctuation ("e-commerce", "U.S."). A guess either way changes only the speed, never the answer.
 */
export function hasPhrase(search: string): boolean {
  return /"|[\p{L}\p{N}][^\s\p{L}\p{N}]+[\p{L}\p{N}]/u.test(search);
}

/** Totals are counted up to this many; more answers total_count COUNT_CAP with total_capped true. */
export const COUNT_CAP = 1000;

/** The join and order of a tab (a search orders the plain tabs by rank). */
function tabShape(viewer: Viewer, query: ArticleQuery) {
  const ranked = query.filters.search !== '';
  const byRank = sql`ts_rank_cd(a.search, websearch_to_tsquery('english', ${query.filters.search})) desc, a.published_at desc, a.id desc`;
  // byRank orders the rank window (see listArticles), whose rows keep the names of articles'.
  const byDate = sql`a.published_at desc, a.id desc`;
  switch (query.tab) {
    case 'favorites':
      return {
        ranked: false,
        join: sql`join article_favourites f on f.article_id = a.id and f.user_id = ${viewer.userId}`,
        extra: sql`null::timestamptz as sent_date, null::int as clicks`,
        order: sql`f.created_at desc, a.id desc`,
        where: [] as RawBuilder<boolean>[],
      };
    case 'myaccounts':
      return {
        ranked,
        join: sql``,
        extra: sql`null::timestamptz as sent_date, null::int as clicks`,
        order: ranked ? byRank : byDate,
        where: [
          sql<boolean>`a.entity_keys && (select coalesce(array_agg(ac.name_lower), '{}'::text[]) from accounts ac where ac.org_id = ${viewer.orgId})`,
        ],
      };
    case 'most_engaged':
      return {
        ranked: false,
        join: sql`join (
          select e.link, count(*)::int as clicks from email_event e
          where e.org_id = ${viewer.orgId} and e.kind = 'clicked' and e.link is not null and not e.is_test
          group by e.link
        ) c on c.link = a.link or c.link = a.canonical_link`,
        extra: sql`null::timestamptz as sent_date, c.clicks as clicks`,
        order: sql`c.clicks desc, a.published_at desc, a.id desc`,
        where: [] as RawBuilder<boolean>[],
      };
    case 'previously_sent':
      return {
        ranked: false,
        join: sql`join (
          select ea.article_id, max(v.sent_at) as sent_date from edition_articles ea
          join email_versions v on v.id = ea.version_id
          where v.org_id = ${viewer.orgId} and v.status = 'sent'${
            query.campaignId
              ? sql` and v.email_id in (select id from emails where org_id = ${viewer.orgId} and campaign_id = ${query.campaignId})`
              : sql``
          }
          group by ea.article_id
        ) ps on ps.article_id = a.id`,
        extra: sql`ps.sent_date as sent_date, null::int as clicks`,
        order: sql`ps.sent_date desc nulls last, a.id desc`,
        where: [] as RawBuilder<boolean>[],
      };
    default:
      return {
        ranked,
        join: sql``,
        extra: sql`null::timestamptz as sent_date, null::int as clicks`,
        order: ranked ? byRank : byDate,
        where: [] as RawBuilder<boolean>[],
      };
  }
}

type ArticleRow = {
  id: number;
  title: string;
  description: string;
  image_url: string | null;
  website: string;
  link: string;
  published_at: Date | string;
  entities: string[];
  concepts: ArticleConceptItem[] | string;
  source_id: number | null;
  source_name: string | null;
  is_curated: boolean;
  is_favourite: boolean;
  title_hl: string | null;
  description_hl: string | null;
};

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** Loads the listed fields of some articles for a viewer, with highlights of a search. */
export async function loadArticles(
  db: Db,
  viewer: Viewer,
  ids: readonly number[],
  search: string,
): Promise<Map<number, Omit<Article, 'sent_date' | 'clicks'>>> {
  const found = new Map<number, Omit<Article, 'sent_date' | 'clicks'>>();
  if (ids.length === 0) return found;
  const headline = (column: RawBuilder<string>) =>
    search === ''
      ? sql<string | null>`null`
      : sql<
          string | null
        >`ts_headline('english', ${column}, websearch_to_tsquery('english', ${search}), ${HIGHLIGHT_OPTIONS})`;
  const { rows } = await sql<ArticleRow>`
    select a.id, a.title, a.description, a.image_url, a.website, a.link, a.published_at, a.entities,
      a.concepts, a.source_id, s.name as source_name,
      exists (
        select 1 from edition_articles ea join email_versions v on v.id = ea.version_id
        where ea.article_id = a.id and v.org_id = ${viewer.orgId}
      ) as is_curated,
      exists (
        select 1 from article_favourites f where f.article_id = a.id and f.user_id = ${viewer.userId}
      ) as is_favourite,
      ${headline(stripHighlightMarkers(sql`a.title`))} as title_hl,
      ${headline(stripHighlightMarkers(sql`a.description`))} as description_hl
    from articles a left join article_sources s on s.id = a.source_id
    where a.id = any(${[...ids]}::int[]) and ${visibleTo(viewer.orgId)}
  `.execute(db);
  for (const row of rows) {
    found.set(row.id, {
      id: row.id,
      article_id: row.id,
      title: row.title,
      description: row.description,
      image_url: row.image_url,
      website: row.website,
      link: row.link,
      publishDate: iso(row.published_at),
      entities: row.entities,
      concepts: typeof row.concepts === 'string' ? JSON.parse(row.concepts) : row.concepts,
      source_id: row.source_id,
      source_name: row.source_name,
      is_curated: Boolean(row.is_curated),
      is_favourite: Boolean(row.is_favourite),
      article_is_favourite: Boolean(row.is_favourite),
      is_checked: false,
      highlights:
        row.title_hl === null
          ? null
          : { title: highlightHtml(row.title_hl), description: highlightHtml(row.description_hl ?? '') },
    });
  }
  return found;
}

/** The ids of a page of a ranked search: the newest RANK_WINDOW matches by rank, then the older by date. */
async function rankedPage(
  db: Db,
  shape: ReturnType<typeof tabShape>,
  where: RawBuilder<unknown>,
  query: ArticleQuery,
) {
  const end = query.offset + query.limit;
  const windowQuery = (recent: RawBuilder<unknown>) => sql<{ id: number; in_window: string | number }>`
    with a as (
      select a.id, a.published_at, a.search from articles a ${shape.join}
      where ${where} ${recent} order by a.published_at desc, a.id desc limit ${RANK_WINDOW}
    )
    select a.id, (select count(*) from a) as in_window from a
    order by ${shape.order}
    limit ${Math.max(0, Math.min(end, RANK_WINDOW) - query.offset)} offset ${Math.min(query.offset, RANK_WINDOW)}
  `;
  // A search with a phrase (or a hyphenated word: websearch_to_tsquery makes both `<->`) looks in the last
  // RECENT_DAYS first: when they hold RANK_WINDOW matches, those are the newest RANK_WINDOW (the same
  // window), found without visiting every older match. A phrase's matches are rechecked in the table one
  // row at a time (the GIN index has no positions): on PostgreSQL `"supply chain"`'s 9,800 matches took
  // 190 ms, its recent 1,100 55 ms. Plain words are exact in the index and walk the date index: a date
  // bound there only adds work (BitmapAnd), so they keep the one query.
  let rows: { id: number; in_window: string | number }[] = [];
  if (hasPhrase(query.filters.search))
    ({ rows } = await windowQuery(
      sql`and a.published_at >= now() - make_interval(days => ${RECENT_DAYS})`,
    ).execute(db));
  if (rows.length === 0 || Number(rows[0]?.in_window) < RANK_WINDOW)
    ({ rows } = await windowQuery(sql``).execute(db));
  const inWindow =
    rows.length > 0
      ? Number(rows[0]?.in_window)
      : Number(
          (
            await sql<{ n: string | number }>`
              select count(*) as n from (select 1 from articles a ${shape.join} where ${where} limit ${RANK_WINDOW}) x`.execute(
              db,
            )
          ).rows[0]?.n ?? 0,
        );
  const ids = rows.map((row) => row.id);
  if (end > RANK_WINDOW && inWindow === RANK_WINDOW) {
    const from = Math.max(query.offset, RANK_WINDOW);
    const older = await sql<{ id: number }>`
      select a.id from articles a ${shape.join} where ${where}
      order by a.published_at desc, a.id desc offset ${from} limit ${end - from}`.execute(db);
    ids.push(...older.rows.map((row) => row.id));
  }
  return { ids, inWindow, full: inWindow === RANK_WINDOW };
}

/**
 * A page of a tab's articles for one viewer. The page's ids and order come from one query (filters,
 * the tab's join, its order; a search ranks the newest RANK_WINDOW matches), the listed fields and
 * highlights from a second over those ids only, so ts_headline runs on one page, never on every match.
 * total_count counts the same filtered set up to COUNT_CAP (total_capped: there are more).
 */
export async function listArticles(db: Db, viewer: Viewer, query: ArticleQuery): Promise<ArticlesPage> {
  await checkSources(db, viewer.orgId, [
    ...query.filters.include_sources.ids,
    ...query.filters.exclude_sources.ids,
  ]);
  const shape = tabShape(viewer, query);
  const where = sql.join([...filterConditions(viewer.orgId, query), ...shape.where], sql` and `);
  let pageRows: { id: number; sent_date: Date | string | null; clicks: number | null }[];
  let total: number;
  if (shape.ranked) {
    const page = await rankedPage(db, shape, where, query);
    pageRows = page.ids.map((id) => ({ id, sent_date: null, clicks: null }));
    // A window not full holds every match: its size is the total.
    total = page.full ? COUNT_CAP + 1 : page.inWindow;
  } else {
    const { rows } = await sql<{ id: number; sent_date: Date | string | null; clicks: number | null }>`
      select a.id, ${shape.extra}
      from articles a ${shape.join}
      where ${where}
      order by ${shape.order}
      limit ${query.limit} offset ${query.offset}
    `.execute(db);
    pageRows = rows;
    total = await countUpTo(db, shape, where);
  }
  const capped = total > COUNT_CAP;
  if (capped) total = COUNT_CAP;
  const loaded = await loadArticles(
    db,
    viewer,
    pageRows.map((row) => row.id),
    query.filters.search,
  );
  const data: Article[] = [];
  for (const row of pageRows) {
    const article = loaded.get(row.id);
    if (!article) continue;
    data.push({
      ...article,
      sent_date: row.sent_date === null ? null : iso(row.sent_date),
      clicks: row.clicks === null ? null : Number(row.clicks),
    });
  }
  return { total_count: total, total_capped: capped, data };
}

/** How many articles the filtered set holds, counted up to COUNT_CAP + 1. */
async function countUpTo(db: Db, shape: ReturnType<typeof tabShape>, where: RawBuilder<unknown>) {
  const { rows } = await sql<{ n: string | number }>`
    select count(*) as n from (select 1 from articles a ${shape.join} where ${where} limit ${COUNT_CAP + 1}) x
  `.execute(db);
  return Number(rows[0]?.n ?? 0);
}
