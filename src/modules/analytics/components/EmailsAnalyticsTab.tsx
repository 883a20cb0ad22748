import { Link } from '@tanstack/react-router';
import type { AnalyticsQuery } from '../../../../domain/analyticsFilterSearch.ts';
import { ANALYTICS_PAGE_SIZE } from '../../../../domain/analyticsSchemas.ts';
import type { EmailGraphRow } from '../../../../domain/analyticsTypes.ts';
import type { TableColumn } from '../../../ui/Table.tsx';
import { UserText } from '../../../ui/UserText.tsx';
import { PagedTable } from '../../shared/components/PagedTable.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { countedRows, usePagedList } from '../../shared/hooks/usePagedList.ts';
import { countColumn, rateColumn } from './analyticsColumns.tsx';
import { NothingSentPanel } from './NothingSentPanel.tsx';

const COLUMNS: TableColumn<EmailGraphRow>[] = [
  {
    id: 'name',
    header: 'Email',
    width: '24%',
    cell: (row) =>
      row.campaign_id ? (
        <Link
          to="/campaigns/{-$page}/{-$tab}/{-$subTab}"
          params={{ page: 'campaign', tab: undefined, subTab: undefined }}
          search={{ campaign_id: String(row.campaign_id) } as never}
        >
          <UserText>{row.email_name}</UserText>
        </Link>
      ) : (
        <UserText>{row.email_name}</UserText>
      ),
  },
  countColumn('sent', 'Sent', (r) => r.sent),
  countColumn('unique_opens', 'Unique opens', (r) => r.unique_opens),
  rateColumn('open_rate', 'Open rate', (r) => r.open_rate),
  countColumn('unique_clicks', 'Unique clicks', (r) => r.unique_clicks),
  rateColumn('click_rate', 'Click rate', (r) => r.click_rate),
  countColumn('bounced', 'Bounced', (r) => r.bounced),
  countColumn('unsubscribed', 'Unsubscribed', (r) => r.unsubscribed),
];

/**
 * /analytics/emails: the emails the filter counts (dashboard_email_graph/), most sent first, with their
 * sends, unique opens and clicks with their rates, bounces and unsubscribes in the period, 20
 * a page with Show more. An email of a campaign opens its campaign.
 */
export function EmailsAnalyticsTab({ query }: { query: AnalyticsQuery }) {
  const api = useServices().analyticsApi;
  const list = usePagedList({
    mode: 'url',
    name: 'analytics-emails',
    pageSize: ANALYTICS_PAGE_SIZE,
    key: JSON.stringify(query),
    load: (page, signal) => api.emailGraph({ ...query, limit: page.limit, offset: page.offset }, signal),
    ...countedRows((row: EmailGraphRow) => row.email_id),
  });
  return (
    <section className="analytics-report" aria-labelledby="analytics-emails-title">
      <div className="analytics-campaigns__head">
        <h2 id="analytics-emails-title" className="analytics-section-title">
          Emails
        </h2>
      </div>
      <PagedTable
        list={list}
        caption="Emails with their sends, opens and clicks in the period, most sent first"
        className="analytics-report-table"
        columns={COLUMNS}
        rowKey={(row) => String(row.email_id)}
        rowProps={() => ({ testId: 'analytics-email-row' })}
        noun={['email', 'emails']}
        errorTitle="The emails could not be loaded"
        empty={
          <NothingSentPanel compact title="No emails sent in this period">
            Send an email from a campaign, or choose a longer period: each email's sends, opens and clicks
            show here.
          </NothingSentPanel>
        }
      />
    </section>
  );
}
