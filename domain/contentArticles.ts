/** The content explorer's tabs (routes /content/{tab}), in the order the screen shows them. */
export const CONTENT_TABS = [
  'explorer',
  'search',
  'favorites',
  'myaccounts',
  'most_engaged',
  'previously_sent',
] as const;
export type ContentTab = (typeof CONTENT_TABS)[number];

export const isContentTab = (value: string): value is ContentTab =>
  (CONTENT_TABS as readonly string[]).includes(value);

/** A page of articles; the favourites tab's page is 22 (its page ends under 22). */
export const ARTICLES_PAGE_SIZE = 20;
export const FAVOURITES_PAGE_SIZE = 22;
export const pageSizeOf = (tab: ContentTab): number =>
  tab === 'favorites' ? FAVOURITES_PAGE_SIZE : ARTICLES_PAGE_SIZE;

/** A page of the curation panel's draft editions. */
export const CURATION_TARGETS_PAGE_SIZE = 8;
/** The most draft editions one request of curation_targets/ may ask for. */
export const CURATION_TARGETS_MAX_LIMIT = 50;

export type ArticleConceptItem = { name: string; relevance: number };

/**
 * Highlighted title and description of a searched article: HTML-escaped text in which only
 * `<mark>` and `</mark>` are tags (the matched words). Null without a search.
 */
export type ArticleHighlights = { title: string; description: string };

/** An article of the explorer ("Article"). */
export type Article = {
  id: number;
  article_id: number;
  title: string;
  description: string;
  image_url: string | null;
  website: string;
  link: string;
  /** ISO instant the article was published. */
  publishDate: string;
  entities: string[];
  concepts: ArticleConceptItem[];
  source_id: number | null;
  source_name: string | null;
  is_curated: boolean;
  is_favourite: boolean;
  article_is_favourite: boolean;
  /** A screen flag: always false from the server. */
  is_checked: boolean;
  /** When this organisation last sent an edition holding it (previously sent tab), else null. */
  sent_date: string | null;
  /** Clicks on its link in this organisation's sent email (most engaged tab), else null. */
  clicks: number | null;
  highlights: ArticleHighlights | null;
};

/** total_count: counted up to 1,000; total_capped: there are more than that. */
export type ArticlesPage = { total_count: number | null; total_capped?: boolean; data: Article[] };

/** The preview panel's article: the list fields plus an excerpt of its text. */
export type ArticlePreview = Article & { content_excerpt: string; in_edition: boolean };

/** An organisation's own feed. */
export type ArticleFeed = {
  id: number;
  name: string;
  feed_url: string;
  kind: string | null;
  last_fetched_at: string | null;
  last_error: string | null;
  articles_count: number;
};

/** A source of the global pool (one of its feeds), which the advanced search may exclude. */
export type GlobalSource = { id: number; name: string };

/** A source filter entry: the global pool, or one of the organisation's feeds. */
export type SourceFilterEntry =
  | { type: 'global'; is_active: true; data: { name: string; sources: GlobalSource[] } }
  | { type: 'feed'; is_active: boolean; data: ArticleFeed };

/** The answer of curated_articles/. */
export type CurationResult = {
  version_id: number;
  email_id: number;
  campaign_id: number | null;
  articles_count: number;
  last_update: string;
  image: string | null;
  added_article_ids: number[];
  articles_already_curated: number[];
};

/** A draft edition the curation panel can add to. */
export type CurationTarget = {
  version_id: number;
  email_id: number;
  email_name: string;
  name: string;
  campaign_id: number | null;
  campaign_name: string | null;
  articles_count: number;
  image: string | null;
  last_update: string;
  created_on: string;
};

export type CurationTargetsPage = { total_count: number; data: CurationTarget[] };

/** The article preview is fetched this long after it is asked for. */
export const ARTICLE_PREVIEW_DELAY_MS = 100;
