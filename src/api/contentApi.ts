import type { AdvancedSearch } from '../../domain/contentAdvancedSearch.ts';
import type {
  Article,
  ArticlePreview,
  ArticlesPage,
  ContentTab,
  CurationResult,
  CurationTargetsPage,
  SourceFilterEntry,
} from '../../domain/contentArticles.ts';
import { serviceClient } from './serviceClient.ts';

const user = serviceClient('user');
const campaign = serviceClient('campaign');
/** The explorer shows its own failures (error panels, the add-fail flag), never the global error page. */
const LOCAL_ERRORS = { errorCatalogue: false } as const;

export type ArticlesQuery = {
  tab: ContentTab;
  search: string;
  advanced: AdvancedSearch;
  offset: number;
  limit: number;
  /** The previously sent tab of one campaign (its sent editions only). */
  campaignId?: number | null;
};

/** The advanced search as the query parameters of articles/. */
export function advancedSearchParams(advanced: AdvancedSearch): Record<string, string> {
  return {
    include_sources: advanced.includeSources.join(','),
    exclude_sources: advanced.excludeSources.join(','),
    include_keywords: advanced.includeKeywords.join(','),
    exclude_keywords: advanced.excludeKeywords.join(','),
    start_date: advanced.startDate,
    end_date: advanced.endDate,
  };
}

/** The content explorer's calls (user service) and curation calls (campaign service). */
export const contentApi = {
  /** GET articles/: a page of a tab, searched and filtered. */
  listArticles: async (query: ArticlesQuery, signal?: AbortSignal): Promise<ArticlesPage> => {
    const answer = await user.get<{ success: true } & ArticlesPage>('articles/', {
      query: {
        tab: query.tab,
        search: query.search,
        offset: query.offset,
        limit: query.limit,
        ...(query.campaignId ? { campaign_id: query.campaignId } : {}),
        ...advancedSearchParams(query.advanced),
      },
      signal,
      ...LOCAL_ERRORS,
    });
    return { total_count: answer.total_count, total_capped: answer.total_capped ?? false, data: answer.data };
  },

  /** GET article_sources/: the global pool and the organisation's feeds. */
  listSources: async (signal?: AbortSignal): Promise<SourceFilterEntry[]> =>
    (
      await user.get<{ success: true; data: SourceFilterEntry[] }>('article_sources/', {
        signal,
        ...LOCAL_ERRORS,
      })
    ).data,

  /** POST article_sources/: adds a feed (fetched at once, then on schedule). */
  addFeed: async (feedUrl: string, signal?: AbortSignal): Promise<SourceFilterEntry> =>
    (
      await user.post<{ success: true; data: SourceFilterEntry }>(
        'article_sources/',
        { feed_url: feedUrl },
        { signal, ...LOCAL_ERRORS },
      )
    ).data,

  /** POST favourite_article/. */
  setFavourite: async (articleId: number, isFavourite: boolean, signal?: AbortSignal): Promise<void> => {
    await user.post(
      'favourite_article/',
      { article_id: articleId, is_favourite: isFavourite ? 1 : 0 },
      {
        signal,
        ...LOCAL_ERRORS,
      },
    );
  },

  /** GET get_article_preview/. */
  articlePreview: async (articleId: number, signal?: AbortSignal): Promise<ArticlePreview> =>
    (
      await campaign.get<{ success: true; data: ArticlePreview }>('get_article_preview/', {
        query: { article_id: articleId },
        signal,
        ...LOCAL_ERRORS,
      })
    ).data,

  /** GET curation_targets/: the draft editions to add to, last changed first. */
  curationTargets: async (
    page: { offset: number; limit: number; search: string },
    signal?: AbortSignal,
  ): Promise<CurationTargetsPage> => {
    const answer = await campaign.get<{ success: true } & CurationTargetsPage>('curation_targets/', {
      query: page,
      signal,
      ...LOCAL_ERRORS,
    });
    return { total_count: answer.total_count, data: answer.data };
  },

  /** POST curated_articles/: adds articles to a draft edition. */
  curate: async (versionId: number, articleIds: number[], signal?: AbortSignal): Promise<CurationResult> => {
    const { success: _ok, ...result } = await campaign.post<{ success: true } & CurationResult>(
      'curated_articles/',
      { version_id: versionId, new_article_ids: articleIds.join(',') },
      { signal, ...LOCAL_ERRORS },
    );
    return result;
  },

  /** POST delete_curated_article/: takes one article out of a draft edition. */
  removeCurated: async (
    versionId: number,
    articleId: number,
    signal?: AbortSignal,
  ): Promise<{ articles_count: number }> =>
    campaign.post<{ success: true; articles_count: number }>(
      'delete_curated_article/',
      { version_id: versionId, article_id: articleId },
      { signal, ...LOCAL_ERRORS },
    ),
};

export type ContentApi = typeof contentApi;
export type { Article };
