import type { ContentEngagementRow, EmailEngagementRow } from '../../../../domain/analyticsAccountTypes.ts';
import type { AnalyticsQuery } from '../../../../domain/analyticsFilterSearch.ts';
import { ANALYTICS_PAGE_SIZE } from '../../../../domain/analyticsSchemas.ts';
import { formatDate } from '../../../../domain/formatDate.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Card } from '../../../ui/Card.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import type { TableColumn } from '../../../ui/Table.tsx';
import { UserText } from '../../../ui/UserText.tsx';
import { PagedTable } from '../../shared/components/PagedTable.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { countedRows, usePagedList } from '../../shared/hooks/usePagedList.ts';
import { ArticleTitle } from './ArticleTitle.tsx';
import { countColumn } from './analyticsColumns.tsx';
import { ENGAGEMENT_STATUS_TONE } from './engagementStatusTone.ts';

const EMAIL_COLUMNS: TableColumn<EmailEngagementRow>[] = [
  {
    id: 'email',
    header: 'Email',
    width: '34%',
    cell: (row) => (
      <div className="analytics-name">
        <UserText>{row.email_name}</UserText>
        <span className="analytics-name__sub">
          <UserText>{row.campaign_name ?? 'No campaign'}</UserText>
        </span>
      </div>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => <Badge tone={ENGAGEMENT_STATUS_TONE[row.status]}>{row.status}</Badge>,
  },
  countColumn<EmailEngagementRow>('contacts', 'Contacts', (r) => r.contacts),
  countColumn<EmailEngagementRow>('sent', 'Sent', (r) => r.sent),
  countColumn<EmailEngagementRow>('opens', 'Opens', (r) => r.opens),
  countColumn<EmailEngagementRow>('clicks', 'Clicks', (r) => r.clicks),
  {
    id: 'sent_at',
    header: 'Last sent',
    align: 'end',
    cell: (row) => (row.sent_at ? formatDate(row.sent_at) : '—'),
  },
];

/** The emails the filter's period sent the account's contacts: state, contacts, sends, opens, clicks. */
export function AccountEmailEngagementCard({
  accountId,
  query,
}: {
  accountId: number;
  query: AnalyticsQuery;
}) {
  const api = useServices().analyticsApi;
  const list = usePagedList({
    mode: 'local',
    name: 'analytics-account-emails',
    pageSize: ANALYTICS_PAGE_SIZE,
    key: JSON.stringify({ accountId, query }),
    load: (page, signal) =>
      api.accountEmailEngagement({ ...query, accountId, limit: page.limit, offset: page.offset }, signal),
    ...countedRows((row: EmailEngagementRow) => row.email_id),
  });
  return (
    <Card title="Email engagement" flush className="analytics-card">
      <PagedTable
        list={list}
        caption="Emails sent to the account's contacts in the period"
        columns={EMAIL_COLUMNS}
        rowKey={(row) => String(row.email_id)}
        rowProps={() => ({ testId: 'account-email-row' })}
        noun={['email', 'emails']}
        errorTitle="The account's emails could not be loaded"
        empty={
          <StatePanel compact kind="empty" title="No email in this period">
            None of the filter's emails went to this account's contacts in the period.
          </StatePanel>
        }
      />
    </Card>
  );
}

const CONTENT_COLUMNS: TableColumn<ContentEngagementRow>[] = [
  { id: 'article', header: 'Article', width: '46%', cell: (row) => <ArticleTitle article={row} /> },
  countColumn<ContentEngagementRow>('clicked_by', 'Contacts', (r) => r.clicked_by),
  countColumn<ContentEngagementRow>('clicks', 'Clicks', (r) => r.clicks),
  { id: 'last_click', header: 'Last click', align: 'end', cell: (row) => formatDate(row.last_click_at) },
];

/** The articles the account's contacts clicked (every real send), most clicked first. */
export function AccountContentEngagementCard({ accountId }: { accountId: number }) {
  const api = useServices().analyticsApi;
  const list = usePagedList({
    mode: 'local',
    name: 'analytics-account-content',
    pageSize: ANALYTICS_PAGE_SIZE,
    key: String(accountId),
    load: (page, signal) =>
      api.accountContentEngagement({ accountId, limit: page.limit, offset: page.offset }, signal),
    ...countedRows((row: ContentEngagementRow) => row.article_id),
  });
  return (
    <Card title="Content engagement" flush className="analytics-card">
      <PagedTable
        list={list}
        caption="Articles the account's contacts clicked"
        columns={CONTENT_COLUMNS}
        rowKey={(row) => String(row.article_id)}
        rowProps={() => ({ testId: 'account-article-row' })}
        noun={['article', 'articles']}
        errorTitle="The account's articles could not be loaded"
        empty={
          <StatePanel compact kind="empty" title="No article clicked yet">
            Articles this account's contacts click in your emails show here.
          </StatePanel>
        }
      />
    </Card>
  );
}
