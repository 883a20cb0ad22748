import { Link } from '@tanstack/react-router';
import type { AnalyticsQuery } from '../../../../domain/analyticsFilterSearch.ts';
import {
  LIST_ANALYTICS_SORTS,
  type ListAnalyticsSort,
} from '../../../../domain/analyticsListInsightSchemas.ts';
import type { ListAnalyticsRow } from '../../../../domain/analyticsListInsightTypes.ts';
import { listsReportFields } from '../../../../domain/analyticsReportFields.ts';
import { ANALYTICS_PAGE_SIZE } from '../../../../domain/analyticsSchemas.ts';
import type { ServiceAnswer } from '../../../../domain/serviceAnswer.ts';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import type { TableColumn } from '../../../ui/Table.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { UserText } from '../../../ui/UserText.tsx';
import { PagedTable } from '../../shared/components/PagedTable.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { usePagedList } from '../../shared/hooks/usePagedList.ts';
import { formatRate } from '../analyticsFormat.ts';
import { type ListingSort, listingSortOf, listingSorts, tableSortOf } from '../listingSort.ts';
import { AnalyticsCount } from './AnalyticsCount.tsx';
import { AnalyticsReport } from './AnalyticsReport.tsx';
import { countColumn } from './analyticsColumns.tsx';
import { ExportReportButton } from './ExportReportButton.tsx';

const SORTS = listingSorts(LIST_ANALYTICS_SORTS);

const count = (id: ListAnalyticsSort, header: string, of: (row: ListAnalyticsRow) => number) =>
  countColumn<ListAnalyticsRow>(id, header, of, true);

/** A rate (sorted by it) with the unique count it is made of beneath: "41.67%" over "40 unique opens". */
const rateWithCount = (
  id: ListAnalyticsSort,
  header: string,
  of: (row: ListAnalyticsRow) => readonly [rate: number, count: number],
  noun: string,
): TableColumn<ListAnalyticsRow> => ({
  id,
  header,
  align: 'end',
  sortable: true,
  cell: (row) => {
    const [rate, unique] = of(row);
    return (
      <div className="analytics-name analytics-name--end">
        <span>{formatRate(rate)}</span>
        <span className="analytics-name__sub">
          <AnalyticsCount value={unique} /> {noun}
        </span>
      </div>
    );
  },
});

const COLUMNS: TableColumn<ListAnalyticsRow>[] = [
  {
    id: 'list_name',
    header: 'List',
    width: '24%',
    sortable: true,
    cell: (row) => (
      <Link
        to="/audiences/{-$page}/{-$tab}/{-$subTab}"
        params={{ page: 'lists', tab: 'view' }}
        search={{ list_id: row.list_id } as never}
      >
        <UserText>{row.list_name}</UserText>
      </Link>
    ),
  },
  count('sent', 'Sent', (r) => r.sent),
  count('delivered', 'Delivered', (r) => r.delivered),
  rateWithCount('open_rate', 'Open rate', (r) => [r.open_rate, r.unique_opens], 'unique opens'),
  rateWithCount('click_rate', 'Click rate', (r) => [r.click_rate, r.unique_clicks], 'unique clicks'),
  count('unsubscribed', 'Unsubscribes', (r) => r.unsubscribed),
  count('bounced', 'Bounces', (r) => r.bounced),
];

/**
 * /analytics/lists: every list of the organisation with what was sent to it in the filter's period (the
 * emails a send recorded for the list), 20 a page with Show more, searched by name, sorted by a column;
 * search, sort and page are in the address. A list's name opens the list.
 */
export function ListsAnalyticsTab({ query }: { query: AnalyticsQuery }) {
  const api = useServices().analyticsApi;
  const list = usePagedList<
    ServiceAnswer<'lists_analytics'>,
    ListAnalyticsRow,
    'all',
    ListingSort<ListAnalyticsSort>
  >({
    mode: 'url',
    name: 'analytics-lists',
    pageSize: ANALYTICS_PAGE_SIZE,
    sorts: SORTS,
    key: JSON.stringify(query),
    load: (page, signal) =>
      api.listsAnalytics(
        { ...query, limit: page.limit, offset: page.offset, search: page.q, sort: page.sort },
        signal,
      ),
    rowsOf: (answer) => answer.data,
    totalOf: (answer) => answer.total_count,
    rowKey: (row) => row.list_id,
  });
  return (
    <AnalyticsReport
      id="analytics-lists-title"
      title="Lists"
      controls={
        <>
          <TextField
            label="Search lists"
            type="search"
            placeholder="List name"
            value={list.searchText}
            autoComplete="off"
            className="analytics-campaigns__search"
            onChange={(event) => list.setSearchText(event.target.value)}
          />
          <ExportReportButton
            call="lists_analytics"
            query={query}
            fields={listsReportFields({ search: list.query.q, sort: list.query.sort })}
            what="the lists report"
            list={list}
          />
        </>
      }
    >
      <PagedTable
        list={list}
        caption="Your lists, with what was sent to each in the period and how its contacts engaged"
        columns={COLUMNS}
        rowKey={(row) => String(row.list_id)}
        rowProps={() => ({ testId: 'analytics-list-row' })}
        noun={['list', 'lists']}
        errorTitle="The lists could not be loaded"
        sort={tableSortOf(list.query.sort)}
        onSortChange={(next) => list.setSort(listingSortOf<ListAnalyticsSort>(next))}
        empty={
          list.query.q ? (
            <StatePanel compact kind="empty" title="No list matches">
              {`Nothing matches “${list.query.q}”.`}
            </StatePanel>
          ) : (
            <StatePanel
              compact
              kind="empty"
              title="No lists yet"
              actions={
                <Link
                  to="/audiences/{-$page}/{-$tab}/{-$subTab}"
                  params={{ page: 'lists' }}
                  className={buttonClassName('primary')}
                >
                  Go to Lists
                </Link>
              }
            >
              Make a list of contacts in Audiences and send to it: what each send to the list did shows here.
            </StatePanel>
          )
        }
      />
    </AnalyticsReport>
  );
}
