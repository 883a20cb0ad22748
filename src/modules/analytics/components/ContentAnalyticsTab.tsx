import type { ContentListingRow } from '../../../../domain/analyticsAccountTypes.ts';
import { CONTENT_SORTS } from '../../../../domain/analyticsContactSchemas.ts';
import type { AnalyticsQuery } from '../../../../domain/analyticsFilterSearch.ts';
import { contentReportFields } from '../../../../domain/analyticsReportFields.ts';
import { ANALYTICS_PAGE_SIZE } from '../../../../domain/analyticsSchemas.ts';
import { countOf, pluralNoun } from '../../../../domain/countOf.ts';
import { formatDate } from '../../../../domain/formatDate.ts';
import type { ServiceAnswer } from '../../../../domain/serviceAnswer.ts';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import type { TableColumn } from '../../../ui/Table.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { PagedTable } from '../../shared/components/PagedTable.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { usePagedList } from '../../shared/hooks/usePagedList.ts';
import { type ListingSort, listingSortOf, listingSorts, tableSortOf } from '../listingSort.ts';
import { AnalyticsCount } from './AnalyticsCount.tsx';
import { ArticleTitle } from './ArticleTitle.tsx';
import { countColumn } from './analyticsColumns.tsx';
import { ContactThumbnails } from './ContactThumbnails.tsx';
import { ExportReportButton } from './ExportReportButton.tsx';
import { NothingSentPanel } from './NothingSentPanel.tsx';

type ContentSort = (typeof CONTENT_SORTS)[number];
const SORTS = listingSorts(CONTENT_SORTS);

const COLUMNS: TableColumn<ContentListingRow>[] = [
  {
    id: 'article_title',
    header: 'Article',
    width: '40%',
    sortable: true,
    cell: (row) => <ArticleTitle article={row} />,
  },
  {
    id: 'clicked_by',
    header: 'Clicked by',
    sortable: true,
    cell: (row) => (
      <div className="analytics-clicked-by">
        <span className="analytics-clicked-by__count">
          <AnalyticsCount value={row.clicked_by} /> {pluralNoun(row.clicked_by, 'contact', 'contacts')}
        </span>
        <ContactThumbnails contacts={row.clickedBy.contacts} />
      </div>
    ),
  },
  countColumn<ContentListingRow>('clicks', 'Total score', (r) => r.clicks, true),
  {
    id: 'last_click',
    header: 'Last click',
    align: 'end',
    sortable: true,
    cell: (row) => formatDate(row.last_click_at),
  },
];

/**
 * /analytics/content: content by article. The articles clicked in the filter's period, each with how
 * many contacts clicked it, the first five of them (initials linking to their dashboards) and its total
 * score (its clicks); 20 a page with Show more, searched by title and sorted by a column, in the address.
 */
export function ContentAnalyticsTab({ query }: { query: AnalyticsQuery }) {
  const api = useServices().analyticsApi;
  const list = usePagedList<
    ServiceAnswer<'content_listing'>,
    ContentListingRow,
    'all',
    ListingSort<ContentSort>
  >({
    mode: 'url',
    name: 'analytics-content',
    pageSize: ANALYTICS_PAGE_SIZE,
    sorts: SORTS,
    key: JSON.stringify(query),
    load: (page, signal) =>
      api.contentListing(
        { ...query, limit: page.limit, offset: page.offset, search: page.q, sort: page.sort },
        signal,
      ),
    rowsOf: (answer) => answer.data,
    totalOf: (answer) => answer.total_count,
    rowKey: (row) => row.article_id,
  });
  const totals = list.latest;
  return (
    <section className="analytics-report" aria-labelledby="analytics-content-title">
      <div className="analytics-campaigns__head">
        <div>
          <h2 id="analytics-content-title" className="analytics-section-title">
            Content by article
          </h2>
          {totals && totals.total_articles_count > 0 ? (
            <p className="analytics-report__summary" data-testid="analytics-content-summary">
              {countOf(totals.total_articles_count, 'article', 'articles')} clicked,{' '}
              {countOf(totals.total_article_score, 'click', 'clicks')} in all
            </p>
          ) : null}
        </div>
        <TextField
          label="Search articles"
          type="search"
          placeholder="Article title"
          value={list.searchText}
          autoComplete="off"
          className="analytics-campaigns__search"
          onChange={(event) => list.setSearchText(event.target.value)}
        />
        <ExportReportButton
          call="content_listing"
          query={query}
          fields={contentReportFields({ search: list.query.q, sort: list.query.sort })}
          what="content by article"
          list={list}
        />
      </div>
      <PagedTable
        list={list}
        caption="Articles clicked in the period, with who clicked them and their total score"
        columns={COLUMNS}
        rowKey={(row) => String(row.article_id)}
        rowProps={() => ({ testId: 'analytics-article-row' })}
        noun={['article', 'articles']}
        errorTitle="The articles could not be loaded"
        sort={tableSortOf(list.query.sort)}
        onSortChange={(next) => list.setSort(listingSortOf<ContentSort>(next))}
        empty={
          list.query.q ? (
            <StatePanel compact kind="empty" title="No article matches">
              Nothing matches “{list.query.q}”.
            </StatePanel>
          ) : (
            <NothingSentPanel compact title="No article clicked in this period">
              Curate articles into an email and send it: every article your contacts click shows here, with
              who clicked it.
            </NothingSentPanel>
          )
        }
      />
    </section>
  );
}
