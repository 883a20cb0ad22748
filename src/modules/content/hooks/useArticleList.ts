import type { AdvancedSearch } from '../../../../domain/contentAdvancedSearch.ts';
import {
  type Article,
  type ArticlesPage,
  type ContentTab,
  pageSizeOf,
} from '../../../../domain/contentArticles.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { usePagedList } from '../../shared/hooks/usePagedList.ts';

/**
 * A tab's articles through the paged-list hook (search in the address as `q`, debounced; the load
 * machine: load / success / fail / reset, a newer query superseding the older without an error): later
 * pages are appended, offset 0 replaces. A change of tab or advanced search loads again from the top.
 * The pool counts up to 1,000 (`total_capped`: there are more), so a full page means there may be more.
 * sentOf: the previously sent tab lists only that campaign's sent editions.
 */
export function useArticleList(tab: ContentTab, advanced: AdvancedSearch, sentOf: number | null = null) {
  const api = useServices().contentApi;
  return usePagedList<ArticlesPage, Article>({
    mode: 'url',
    name: 'contentArticles',
    pageSize: pageSizeOf(tab),
    key: JSON.stringify([tab, advanced, sentOf]),
    load: (query, signal) =>
      api.listArticles(
        { tab, advanced, search: query.q, offset: query.offset, limit: query.limit, campaignId: sentOf },
        signal,
      ),
    rowsOf: (page) => page.data,
    totalOf: (page) => page.total_count ?? 0,
    rowKey: (article) => article.id,
    moreAfter: (page, query) => page.data.length >= query.limit,
  });
}

export type ArticleList = ReturnType<typeof useArticleList>;
