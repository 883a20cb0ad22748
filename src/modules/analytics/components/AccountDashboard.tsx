import { useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { AccountContactRow } from '../../../../domain/analyticsAccountTypes.ts';
import type { AnalyticsQuery } from '../../../../domain/analyticsFilterSearch.ts';
import { ANALYTICS_PAGE_SIZE } from '../../../../domain/analyticsSchemas.ts';
import { formatDate } from '../../../../domain/formatDate.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import type { ServiceAnswer } from '../../../../domain/serviceAnswer.ts';
import { Card } from '../../../ui/Card.tsx';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import type { TableColumn } from '../../../ui/Table.tsx';
import { UserText } from '../../../ui/UserText.tsx';
import { ContactDashboardLink } from '../../shared/components/ContactDashboardLink.tsx';
import { DashboardBackLink } from '../../shared/components/DashboardBackLink.tsx';
import { PagedTable } from '../../shared/components/PagedTable.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { usePagedList } from '../../shared/hooks/usePagedList.ts';
import { AccountContentEngagementCard, AccountEmailEngagementCard } from './AccountEngagementCards.tsx';
import { countColumn } from './analyticsColumns.tsx';
import { StatsCards } from './StatsCards.tsx';

/** Where Back goes without a usable back_url: the accounts report. */
const ACCOUNTS_REPORT = '/analytics/accounts';

const CONTACT_COLUMNS: TableColumn<AccountContactRow>[] = [
  {
    id: 'contact',
    header: 'Contact',
    width: '34%',
    cell: (row) => (
      <div className="analytics-name">
        <ContactDashboardLink contactId={row.contact_id}>
          <UserText>{row.contact_name || row.contact_email}</UserText>
        </ContactDashboardLink>
        <span className="analytics-name__sub">
          <UserText>{row.designation ?? row.contact_email}</UserText>
        </span>
      </div>
    ),
  },
  countColumn<AccountContactRow>('sent', 'Sent', (r) => r.sent),
  countColumn<AccountContactRow>('opens', 'Opens', (r) => r.opens),
  countColumn<AccountContactRow>('clicks', 'Clicks', (r) => r.clicks),
  countColumn<AccountContactRow>('engagement_score', 'Engagement score', (r) => r.engagement_score),
  {
    id: 'last_activity',
    header: 'Last activity',
    align: 'end',
    cell: (row) => (row.last_activity ? formatDate(row.last_activity) : '—'),
  },
];

const accountIdOf = (value: unknown): number | null => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * /analytics/accounts/dashboard?account_id=…: one account under the applied filter. Back (to back_url,
 * the list it was opened from), the account with its engagement score, its stats, its contacts with what
 * each was sent and did (20 a page), the emails its contacts were sent and the articles they clicked.
 */
export function AccountDashboard({ query }: { query: AnalyticsQuery }) {
  const raw = useSearch({
    strict: false,
    select: (search) => (search as { account_id?: unknown }).account_id,
  });
  const backUrl = useSearch({
    strict: false,
    select: (search) => (search as { back_url?: unknown }).back_url,
  });
  const accountId = accountIdOf(raw);
  const back = (
    <DashboardBackLink backUrl={backUrl} fallback={ACCOUNTS_REPORT} fallbackLabel="All accounts" />
  );
  if (accountId === null)
    return (
      <section className="analytics-account">
        <div className="analytics-account__back">{back}</div>
        <StatePanel kind="empty" title="No account chosen">
          Open an account from the accounts report, or from an account's name in any list.
        </StatePanel>
      </section>
    );
  return <AccountDashboardOf key={accountId} accountId={accountId} query={query} back={back} />;
}

function AccountDashboardOf({
  accountId,
  query,
  back,
}: {
  accountId: number;
  query: AnalyticsQuery;
  back: ReactNode;
}) {
  const api = useServices().analyticsApi;
  const list = usePagedList<ServiceAnswer<'account_details'>, AccountContactRow>({
    mode: 'local',
    name: 'analytics-account',
    pageSize: ANALYTICS_PAGE_SIZE,
    key: JSON.stringify(query),
    load: (page, signal) =>
      api.accountDetails({ ...query, accountId, limit: page.limit, offset: page.offset }, signal),
    rowsOf: (answer) => answer.data.account_contacts.data,
    totalOf: (answer) => answer.data.account_contacts.total_count,
    rowKey: (row) => row.contact_id,
  });
  const account = list.latest?.data ?? null;
  let body: ReactNode;
  if (account === null && list.status === 'failure' && list.error)
    body = (
      <LoadErrorPanel
        title="The account could not be loaded"
        message={list.error.message}
        onRetry={list.retry}
      />
    );
  else if (account === null) body = <StatePanel kind="loading" title="Loading the account…" />;
  else
    body = (
      <>
        <header className="analytics-account__head">
          <h2 className="analytics-account__name" data-testid="analytics-account-name">
            <UserText>{account.company_name}</UserText>
          </h2>
          <dl className="analytics-account__facts">
            {account.company_website ? (
              <div>
                <dt>Website</dt>
                <dd>
                  <UserText>{account.company_website.replace(/^https?:\/\//, '')}</UserText>
                </dd>
              </div>
            ) : null}
            {account.industry ? (
              <div>
                <dt>Industry</dt>
                <dd>
                  <UserText>{account.industry}</UserText>
                </dd>
              </div>
            ) : null}
            {account.revenue ? (
              <div>
                <dt>Revenue</dt>
                <dd>
                  <UserText>{account.revenue}</UserText>
                </dd>
              </div>
            ) : null}
            <div>
              <dt>Engagement score</dt>
              <dd data-testid="analytics-account-score">{formatThousands(account.engagement_score)}</dd>
            </div>
          </dl>
        </header>
        <StatsCards stats={account.account_stats} />
        <Card title="Contacts" flush className="analytics-card">
          <PagedTable
            list={list}
            caption="The account's contacts, with what the period's emails counted for each"
            columns={CONTACT_COLUMNS}
            rowKey={(row) => String(row.contact_id)}
            rowProps={() => ({ testId: 'account-contact-row' })}
            noun={['contact', 'contacts']}
            errorTitle="The account's contacts could not be loaded"
            empty={
              <StatePanel compact kind="empty" title="No contacts">
                This account has no contacts now.
              </StatePanel>
            }
          />
        </Card>
        <AccountEmailEngagementCard accountId={accountId} query={query} />
        <AccountContentEngagementCard accountId={accountId} />
      </>
    );
  return (
    <section className="analytics-account" aria-label="Account dashboard">
      <div className="analytics-account__back">{back}</div>
      {body}
    </section>
  );
}
