import { useEffect, useRef } from 'react';
import type { AdvancedSearch } from '../../../../domain/contentAdvancedSearch.ts';
import { type Article, type ContentTab, pageSizeOf } from '../../../../domain/contentArticles.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { usePagedList } from '../../shared/hooks/usePagedList.ts';

const FILTERS = ['all'] as const;

/** The articles shown: every page loaded since offset 0, the total, and whether the last page was full. */
/** total: counted up to 1,000 by the server; capped: there are more (shown as "1,000+"). */
export type ArticleListAnswer = {
  total: number | null;
  capped?: boolean;
  articles: Article[];
  more: boolean;
};

/** A later page appended to what is shown (an article already shown is not shown twice). */
export function appendArticles(shown: ArticleListAnswer, page: ArticleListAnswer): ArticleListAnswer {
  const ids = new Set(shown.articles.map((a) => a.id));
  return {
    total: page.total,
    capped: page.capped,
    articles: [...shown.articles, ...page.articles.filter((a) => !ids.has(a.id))],
    more: page.more,
  };
}

/**
 * A tab's articles through the paged-list hook (search in the address as `q`, debounced; the load
 * machine: load / success / fail / reset, a newer query superseding the older without an error): later
 * pages are appended, offset 0 replaces. A change of tab or advanced search loads again from the top.
 */
export function useArticleList(tab: ContentTab, advanced: AdvancedSearch) {
  const api = useServices().contentApi;
  const pageSize = pageSizeOf(tab);
  const scope = useRef({ tab, advanced });
  scope.current = { tab, advanced };
  const list = usePagedList<'all', string, ArticleListAnswer>({
    name: 'contentArticles',
    filters: FILTERS,
    pageSize,
    load: async (query, signal) => {
      const page = await api.listArticles(
        {
          tab: scope.current.tab,
          advanced: scope.current.advanced,
          search: query.q,
          offset: query.offset,
          limit: query.limit,
        },
        signal,
      );
      return {
        total: page.total_count,
        capped: page.total_capped ?? false,
        articles: page.data,
        more: page.data.length >= query.limit,
      };
    },
    append: appendArticles,
  });
  const { reload } = list;
  const key = JSON.stringify([tab, advanced]);
  const first = useRef(key);
  useEffect(() => {
    if (first.current === key) return;
    first.current = key;
    reload(0);
  }, [key, reload]);
  const data = list.data;
  /** The next page; after a failed page, that page again. */
  const loadMore = () => {
    if (!data || list.status === 'loading') return;
    if (list.status === 'failure' && list.query.offset > 0) list.reload(list.query.offset);
    else if (data.more) list.setOffset(data.articles.length);
  };
  return { ...list, pageSize, loadMore };
}

export type ArticleList = ReturnType<typeof useArticleList>;
