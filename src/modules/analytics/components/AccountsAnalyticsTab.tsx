import type { AccountAnalyticsRow } from '../../../../domain/analyticsAccountTypes.ts';
import { ACCOUNT_SORTS } from '../../../../domain/analyticsContactSchemas.ts';
import type { AnalyticsQuery } from '../../../../domain/analyticsFilterSearch.ts';
import { accountsReportFields } from '../../../../domain/analyticsReportFields.ts';
import { ANALYTICS_PAGE_SIZE } from '../../../../domain/analyticsSchemas.ts';
import type { ServiceAnswer } from '../../../../domain/serviceAnswer.ts';
import { Select } from '../../../ui/Select.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import type { TableColumn } from '../../../ui/Table.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { UserText } from '../../../ui/UserText.tsx';
import { AccountDashboardLink } from '../../shared/components/AccountDashboardLink.tsx';
import { PagedTable } from '../../shared/components/PagedTable.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { usePagedList } from '../../shared/hooks/usePagedList.ts';
import { type ListingSort, listingSortOf, listingSorts, tableSortOf } from '../listingSort.ts';
import { AnalyticsReport } from './AnalyticsReport.tsx';
import { countColumn } from './analyticsColumns.tsx';
import { ExportReportButton } from './ExportReportButton.tsx';
import { NothingSentPanel } from './NothingSentPanel.tsx';

type AccountSort = (typeof ACCOUNT_SORTS)[number];
const SORTS = listingSorts(ACCOUNT_SORTS);
const FILTERS = ['all', 'opened', 'clicked'] as const;
type AccountFilter = (typeof FILTERS)[number];
const FILTER_LABELS: Record<AccountFilter, string> = {
  all: 'All accounts sent to',
  opened: 'Accounts that opened',
  clicked: 'Accounts that clicked',
};

const count = (id: AccountSort | 'unique_opens', header: string, of: (row: AccountAnalyticsRow) => number) =>
  countColumn<AccountAnalyticsRow>(id, header, of, id !== 'unique_opens');

const COLUMNS: TableColumn<AccountAnalyticsRow>[] = [
  {
    id: 'account_name',
    header: 'Account',
    width: '30%',
    sortable: true,
    cell: (row) => (
      <div className="analytics-name">
        <AccountDashboardLink accountId={row.account_id}>
          <UserText>{row.account_name}</UserText>
        </AccountDashboardLink>
        {row.industry ? <span className="analytics-name__sub">{row.industry}</span> : null}
      </div>
    ),
  },
  count('contacts', 'Contacts', (r) => r.contacts),
  count('sent', 'Sent', (r) => r.sent),
  count('unique_opens', 'Unique opens', (r) => r.unique_opens),
  count('opens', 'Opens', (r) => r.opens),
  count('clicks', 'Clicks', (r) => r.clicks),
  count('engagement_score', 'Engagement score', (r) => r.engagement_score),
];

/**
 * /analytics/accounts: the accounts whose contacts the filter's emails were sent to in its period (the
 * account a contact had when the email went), 20 a page with Show more, searched by name, sorted by a
 * column, or only those that opened or clicked; search, sort, filter and page are in the address.
 */
export function AccountsAnalyticsTab({ query }: { query: AnalyticsQuery }) {
  const api = useServices().analyticsApi;
  const list = usePagedList<
    ServiceAnswer<'accounts_listing'>,
    AccountAnalyticsRow,
    AccountFilter,
    ListingSort<AccountSort>
  >({
    mode: 'url',
    name: 'analytics-accounts',
    pageSize: ANALYTICS_PAGE_SIZE,
    filters: FILTERS,
    sorts: SORTS,
    key: JSON.stringify(query),
    load: (page, signal) =>
      api.accountsListing(
        {
          ...query,
          limit: page.limit,
          offset: page.offset,
          search: page.q,
          filter: page.filter,
          sort: page.sort,
        },
        signal,
      ),
    rowsOf: (answer) => answer.result,
    totalOf: (answer) => answer.total_records,
    rowKey: (row) => row.account_id,
  });
  const narrowed = list.query.q !== '' || list.query.filter !== 'all';
  return (
    <AnalyticsReport
      id="analytics-accounts-title"
      title="Accounts"
      controls={
        <>
          <Select
            label="Show"
            value={list.query.filter}
            options={FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }))}
            onChange={(event) => list.setFilter(event.target.value as AccountFilter)}
          />
          <TextField
            label="Search accounts"
            type="search"
            placeholder="Account name"
            value={list.searchText}
            autoComplete="off"
            className="analytics-campaigns__search"
            onChange={(event) => list.setSearchText(event.target.value)}
          />
          <ExportReportButton
            call="accounts_listing"
            query={query}
            fields={accountsReportFields({
              search: list.query.q,
              filter: list.query.filter,
              sort: list.query.sort,
            })}
            what="the accounts report"
            list={list}
          />
        </>
      }
    >
      <PagedTable
        list={list}
        caption="Accounts sent to in the period, with their contacts, sends, opens and clicks"
        columns={COLUMNS}
        rowKey={(row) => String(row.account_id)}
        rowProps={() => ({ testId: 'analytics-account-row' })}
        noun={['account', 'accounts']}
        errorTitle="The accounts could not be loaded"
        sort={tableSortOf(list.query.sort)}
        onSortChange={(next) => list.setSort(listingSortOf<AccountSort>(next))}
        empty={
          narrowed ? (
            <StatePanel compact kind="empty" title="No account matches">
              {list.query.q
                ? `Nothing matches “${list.query.q}”.`
                : 'No account did that in this period: show all accounts sent to, or choose another period.'}
            </StatePanel>
          ) : (
            <NothingSentPanel compact title="No accounts reached in this period">
              When your emails reach contacts who work for a company, each account's sends, opens and clicks
              show here.
            </NothingSentPanel>
          )
        }
      />
    </AnalyticsReport>
  );
}
