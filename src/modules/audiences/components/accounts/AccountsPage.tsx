import { Link } from '@tanstack/react-router';
import {
  ACCOUNT_SORT_COLUMNS,
  type AccountRow,
  type AccountSortColumn,
  type AccountsPage as AccountsAnswer,
} from '../../../../../domain/audiencePeople.ts';
import { pluralNoun } from '../../../../../domain/countOf.ts';
import { formatThousands } from '../../../../../domain/formatThousands.ts';
import { PageHeader } from '../../../../ui/PageHeader.tsx';
import { StatePanel } from '../../../../ui/StatePanel.tsx';
import type { TableColumn, TableSort } from '../../../../ui/Table.tsx';
import { TextField } from '../../../../ui/TextField.tsx';
import { AccountDashboardLink } from '../../../shared/components/AccountDashboardLink.tsx';
import { PagedTable } from '../../../shared/components/PagedTable.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { countedRows, usePagedList } from '../../../shared/hooks/usePagedList.ts';
import '../people/people.css';
import { areaLinks } from '../../../../router/routeTable.ts';
import { buttonClassName } from '../../../../ui/buttonClassName.ts';
import { UserText } from '../../../../ui/UserText.tsx';

export const ACCOUNTS_PAGE_SIZE = 10;
const SORTS = [
  'name.ASC',
  ...ACCOUNT_SORT_COLUMNS.flatMap((c) => [`${c}.ASC`, `${c}.DESC`]).filter((s) => s !== 'name.ASC'),
] as [string, ...string[]];

const COLUMNS: TableColumn<AccountRow>[] = [
  {
    id: 'name',
    header: 'Account',
    sortable: true,
    cell: (row) => (
      <AccountDashboardLink accountId={row.account_id} className="accounts-link">
        <UserText>{row.name}</UserText>
      </AccountDashboardLink>
    ),
  },
  {
    id: 'website',
    header: 'Website',
    sortable: true,
    cell: (row) => (row.website ? row.website.replace(/^https?:\/\//, '') : '—'),
  },
  { id: 'industry', header: 'Industry', sortable: true, cell: (row) => row.industry ?? '—' },
  { id: 'revenue', header: 'Revenue', sortable: true, cell: (row) => row.revenue ?? '—' },
  {
    id: 'contacts_count',
    header: 'Contacts',
    sortable: true,
    align: 'end',
    cell: (row) => (
      <Link
        to="/audiences/{-$page}/{-$tab}/{-$subTab}"
        params={{ page: 'people', tab: 'all' }}
        search={{ account_id: row.account_id }}
      >
        {formatThousands(row.contacts_count)}{' '}
        <span className="ui-visually-hidden">
          {pluralNoun(row.contacts_count, 'contact', 'contacts')} of <UserText>{row.name}</UserText>
        </span>
      </Link>
    ),
  },
  {
    id: 'engagement_score',
    header: 'Engagement score',
    sortable: true,
    align: 'end',
    cell: (row) => formatThousands(row.engagement_score),
  },
];

/**
 * /audiences/accounts: the organisation's companies, searched and sorted; each name links to the account's
 * analytics dashboard, its contacts count to its contacts.
 */
export function AccountsPage() {
  const api = useServices().audienceApi;
  const list = usePagedList<AccountsAnswer, AccountRow, 'all', string>({
    mode: 'url',
    name: 'accounts',
    sorts: SORTS,
    ...countedRows<AccountRow>((row) => row.account_id),
    pageSize: ACCOUNTS_PAGE_SIZE,
    load: (query, signal) => {
      const [column, direction] = query.sort.split('.') as [AccountSortColumn, 'ASC' | 'DESC'];
      return api.listAccounts(
        {
          searchWord: query.q,
          offset: query.offset,
          limit: query.limit,
          sortBy: column,
          sortType: direction,
        },
        signal,
      );
    },
  });
  const [column, direction] = list.query.sort.split('.') as [string, 'ASC' | 'DESC'];
  const sort: TableSort =
    list.query.sort === SORTS[0] ? { columnId: 'name', direction: 'ASC' } : { columnId: column, direction };
  return (
    <div className="accounts-page">
      <PageHeader
        title="Accounts"
        description="The companies your contacts work for, with their engagement."
      />
      <div className="people-toolbar">
        <TextField
          label="Search accounts"
          type="search"
          placeholder="Account name"
          value={list.searchText}
          onChange={(event) => list.setSearchText(event.target.value)}
        />
      </div>
      <PagedTable
        list={list}
        caption="Accounts"
        columns={COLUMNS}
        rowKey={(row) => String(row.account_id)}
        noun={['account', 'accounts']}
        errorTitle="Accounts could not be loaded"
        sort={sort}
        onSortChange={(next) =>
          list.setSort(next.direction === 'NOSORT' ? SORTS[0] : `${next.columnId}.${next.direction}`)
        }
        empty={
          <StatePanel
            compact
            kind="empty"
            title={list.query.q ? 'No account matches' : 'No accounts yet'}
            actions={
              list.query.q ? undefined : (
                <Link {...areaLinks.importContacts} className={buttonClassName('secondary')}>
                  Import contacts
                </Link>
              )
            }
          >
            {list.query.q
              ? 'Try another name.'
              : 'Accounts appear as contacts with a company are added: import them, or create them in People.'}
          </StatePanel>
        }
      />
    </div>
  );
}
