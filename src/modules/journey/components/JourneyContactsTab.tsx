import { Link } from '@tanstack/react-router';
import { formatDate } from '../../../../domain/formatDate.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import type { JourneyOverview, JourneyOverviewRow } from '../../../../domain/journeyScoring.ts';
import { areaLinks } from '../../../router/routeTable.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Badge } from '../../../ui/Badge.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import type { TableColumn } from '../../../ui/Table.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { UserText } from '../../../ui/UserText.tsx';
import { AccountDashboardLink } from '../../shared/components/AccountDashboardLink.tsx';
import { ContactDashboardLink } from '../../shared/components/ContactDashboardLink.tsx';
import { PagedTable } from '../../shared/components/PagedTable.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { usePagedList } from '../../shared/hooks/usePagedList.ts';
import { useJourneySearch } from '../hooks/useJourneySearch.ts';
import { StageCards } from './StageCards.tsx';

/** A screen's table: 20 rows a page. */
const PAGE_SIZE = 20;

const COLUMNS: TableColumn<JourneyOverviewRow>[] = [
  {
    id: 'contact',
    header: 'Contact',
    width: '32%',
    cell: (row) => (
      <span className="journey-contact">
        <ContactDashboardLink contactId={row.contact_id} className="journey-contact__name">
          <UserText>{row.full_name || row.contact_email}</UserText>
        </ContactDashboardLink>
        <span className="journey-contact__email">{row.contact_email}</span>
      </span>
    ),
  },
  {
    id: 'account',
    header: 'Account',
    cell: (row) =>
      row.account_id !== null && row.company_name ? (
        <AccountDashboardLink accountId={row.account_id}>
          <UserText>{row.company_name}</UserText>
        </AccountDashboardLink>
      ) : (
        (row.company_name ?? '—')
      ),
  },
  {
    id: 'engagement_score',
    header: 'Score',
    align: 'end',
    cell: (row) => formatThousands(row.engagement_score),
  },
  { id: 'buyer_stage', header: 'Stage', cell: (row) => <Badge tone="info">{row.buyer_stage}</Badge> },
  {
    id: 'last_activity',
    header: 'Last activity',
    cell: (row) => (row.last_activity ? formatDate(row.last_activity, 'dateTime') : '—'),
  },
];

function emptyPanel(stage: string | null, q: string, answer: JourneyOverview | null) {
  if (q)
    return (
      <StatePanel compact kind="empty" title="No contact matches">
        No contact{stage ? ` in the ${stage} stage` : ''} matches “{q}”.
      </StatePanel>
    );
  if (stage && answer?.stages.some((s) => s.contacts > 0))
    return (
      <StatePanel compact kind="empty" title={`No contacts in the ${stage} stage`}>
        Contacts move into it as their score reaches its threshold.
      </StatePanel>
    );
  return (
    <StatePanel
      compact
      kind="empty"
      title="No contacts yet"
      actions={
        <Link {...areaLinks.importContacts} className={buttonClassName('secondary')}>
          Import contacts
        </Link>
      }
    >
      Contacts appear here with their score and buyer stage once you add them.
    </StatePanel>
  );
}

/**
 * /buyer-journey/contacts: the contacts by buyer stage (a card per stage with its count) and the contacts
 * of the stage chosen (buyer_stage_filter in the address), highest score first as the service orders them,
 * searched by name or address, 20 a page; each contact links to its dashboard, its account to the
 * account's.
 */
export function JourneyContactsTab() {
  const api = useServices().journeyApi;
  const { search } = useJourneySearch();
  const stage = search.buyer_stage_filter ?? null;
  const list = usePagedList({
    mode: 'url',
    name: 'journey-overview',
    pageSize: PAGE_SIZE,
    key: stage ?? '',
    load: (page, signal) =>
      api.overview({ stage, q: page.q, offset: page.offset, limit: page.limit }, signal),
    rowsOf: (answer: JourneyOverview) => answer.result,
    totalOf: (answer) => answer.total_records,
    rowKey: (row) => row.contact_id,
  });
  const stages = list.latest?.stages ?? null;
  const q = list.query.q;
  return (
    <div className="journey-contacts">
      {stages ? (
        <StageCards stages={stages} current={stage} />
      ) : list.status === 'failure' ? null : (
        <StatePanel compact kind="loading" title="Loading the buyer stages…" />
      )}
      {stages && stage && !stages.some((s) => s.name === stage) ? (
        <Alert
          tone="warning"
          title={`There is no ${stage} stage`}
          actions={
            <Link
              to="/buyer-journey/{-$tab}"
              params={{ tab: 'contacts' }}
              search={
                ((previous: Record<string, unknown>) => ({
                  ...previous,
                  buyer_stage_filter: undefined,
                })) as never
              }
              className={buttonClassName('secondary', 'sm')}
            >
              Show every stage
            </Link>
          }
        >
          The stages may have been renamed: choose one of the stages above.
        </Alert>
      ) : null}
      <div className="journey-contacts__toolbar">
        <TextField
          label="Search contacts"
          type="search"
          placeholder="Name or email address"
          value={list.searchText}
          autoComplete="off"
          className="journey-contacts__search"
          onChange={(event) => list.setSearchText(event.target.value)}
        />
      </div>
      <PagedTable
        list={list}
        caption={stage ? `Contacts in the ${stage} stage` : 'Contacts with their score and buyer stage'}
        columns={COLUMNS}
        rowKey={(row) => String(row.contact_id)}
        rowProps={() => ({ testId: 'journey-contact-row' })}
        noun={['contact', 'contacts']}
        errorTitle="The contacts could not be loaded"
        empty={emptyPanel(stage, q, list.latest)}
      />
    </div>
  );
}
