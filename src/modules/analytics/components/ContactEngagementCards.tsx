import type { ContentEngagementRow, EmailEngagementRow } from '../../../../domain/analyticsContactTypes.ts';
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
import { countColumn } from './analyticsColumns.tsx';
import { ENGAGEMENT_STATUS_TONE } from './engagementStatusTone.ts';

const EMAIL_COLUMNS: TableColumn<EmailEngagementRow>[] = [
  {
    id: 'email',
    header: 'Email',
    width: '34%',
    cell: (row) => (
      <span className="analytics-contact">
        <UserText className="analytics-contact__name">{row.email_name}</UserText>
        <span className="analytics-contact__email">{row.campaign_name ?? 'No campaign'}</span>
      </span>
    ),
  },
  {
    id: 'status',
    header: 'State',
    cell: (row) => <Badge tone={ENGAGEMENT_STATUS_TONE[row.status]}>{row.status}</Badge>,
  },
  { id: 'sent_at', header: 'Sent', cell: (row) => (row.sent_at ? formatDate(row.sent_at, 'dateTime') : '—') },
  countColumn('opens', 'Opens', (r) => r.opens),
  countColumn('clicks', 'Clicks', (r) => r.clicks),
];

/** The emails of the report's filter sent to the contact in its period, with their state, latest first. */
export function ContactEmailsCard({ contactId, query }: { contactId: number; query: AnalyticsQuery }) {
  const api = useServices().analyticsApi;
  const list = usePagedList({
    mode: 'local',
    name: 'analytics-contact-emails',
    pageSize: ANALYTICS_PAGE_SIZE,
    key: JSON.stringify([contactId, query]),
    load: (page, signal) =>
      api.contactEmailEngagement(
        { ...query, contact_id: contactId, limit: page.limit, offset: page.offset },
        signal,
      ),
    ...countedRows((row: EmailEngagementRow) => row.email_id),
  });
  return (
    <Card title="Email engagement" description="The emails of the filter sent in its period." flush>
      <PagedTable
        list={list}
        caption="Emails sent to this contact with their state, opens and clicks"
        columns={EMAIL_COLUMNS}
        rowKey={(row) => String(row.email_id)}
        rowProps={() => ({ testId: 'contact-email-row' })}
        noun={['email', 'emails']}
        errorTitle="The email engagement could not be loaded"
        empty={
          <StatePanel compact kind="empty" title="No emails in this period">
            None of the filter’s emails went to this contact in the period. Choose a longer period.
          </StatePanel>
        }
      />
    </Card>
  );
}

const CONTENT_COLUMNS: TableColumn<ContentEngagementRow>[] = [
  {
    id: 'article',
    header: 'Article',
    width: '46%',
    cell: (row) => (
      <span className="analytics-contact">
        <a href={row.article_url} target="_blank" rel="noreferrer" className="analytics-contact__name">
          <UserText>{row.article_title}</UserText>
        </a>
        <span className="analytics-contact__email">{row.website}</span>
      </span>
    ),
  },
  countColumn('clicks', 'Clicks', (r) => r.clicks),
  {
    id: 'last_click',
    header: 'Last click',
    cell: (row) => (row.last_click_at ? formatDate(row.last_click_at, 'dateTime') : '—'),
  },
];

/** The articles the contact clicked (real sends), most clicked first. */
export function ContactContentCard({ contactId }: { contactId: number }) {
  const api = useServices().analyticsApi;
  const list = usePagedList({
    mode: 'local',
    name: 'analytics-contact-content',
    pageSize: ANALYTICS_PAGE_SIZE,
    key: String(contactId),
    load: (page, signal) =>
      api.contactContentEngagement({ contact_id: contactId, limit: page.limit, offset: page.offset }, signal),
    ...countedRows((row: ContentEngagementRow) => row.article_id),
  });
  return (
    <Card title="Content engagement" description="The articles this contact clicked." flush>
      <PagedTable
        list={list}
        caption="Articles this contact clicked"
        columns={CONTENT_COLUMNS}
        rowKey={(row) => String(row.article_id)}
        noun={['article', 'articles']}
        errorTitle="The content engagement could not be loaded"
        empty={
          <StatePanel compact kind="empty" title="No articles clicked yet">
            When this contact clicks an article in an edition, it shows here.
          </StatePanel>
        }
      />
    </Card>
  );
}
