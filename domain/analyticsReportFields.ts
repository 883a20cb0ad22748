import type { ACCOUNT_SORTS, CONTENT_SORTS, ContactSort, ContactTab } from './analyticsContactSchemas.ts';
import type { InsightDirection, ListAnalyticsSort } from './analyticsListInsightSchemas.ts';

/**
 * A report's own fields besides the selection and the page (search, tab, choice, sort), built once for its
 * listing call and for its export, so an export counts exactly what the screen shows.
 */
export type ReportFields = Record<string, string | number | undefined>;

type Sorted<S extends string> = `${S}.${'ASC' | 'DESC'}` | 'none';

/** sort_by and its direction, sent only when a column is chosen ("none" sends neither). */
export function sortFields(sort: string, directionField: 'order_by' | 'sort_type'): ReportFields {
  if (sort === 'none') return {};
  const [column, direction] = sort.split('.');
  return { sort_by: column, [directionField]: direction };
}

export const contactsReportFields = (query: {
  tab: ContactTab;
  search: string;
  sort: { by: ContactSort; type: 'ASC' | 'DESC' } | null;
}): ReportFields => ({
  tab: query.tab,
  search_word: query.search.trim() || undefined,
  sort_by: query.sort?.by,
  sort_type: query.sort?.type,
});

export const accountsReportFields = (query: {
  search: string;
  filter?: 'all' | 'opened' | 'clicked';
  sort: Sorted<(typeof ACCOUNT_SORTS)[number]>;
}): ReportFields => ({
  search_account: query.search.trim() || undefined,
  accounts_by_filter: query.filter === 'all' ? undefined : query.filter,
  ...sortFields(query.sort, 'order_by'),
});

export const contentReportFields = (query: {
  search: string;
  sort: Sorted<(typeof CONTENT_SORTS)[number]>;
}): ReportFields => ({
  search_content: query.search.trim() || undefined,
  ...sortFields(query.sort, 'order_by'),
});

export const listsReportFields = (query: {
  search: string;
  sort: Sorted<ListAnalyticsSort>;
}): ReportFields => ({
  search_list_name: query.search.trim() || undefined,
  ...sortFields(query.sort, 'order_by'),
});

export const insightsReportFields = (query: { direction: InsightDirection }): ReportFields => ({
  direction: query.direction,
});
