import type { AnalyticsQuery } from '../../../../domain/analyticsFilterSearch.ts';
import { INSIGHT_DIRECTIONS, type InsightDirection } from '../../../../domain/analyticsListInsightSchemas.ts';
import type { AccountInsightRow, InsightWeeks } from '../../../../domain/analyticsListInsightTypes.ts';
import { insightsReportFields } from '../../../../domain/analyticsReportFields.ts';
import { ANALYTICS_PAGE_SIZE } from '../../../../domain/analyticsSchemas.ts';
import { formatDate } from '../../../../domain/formatDate.ts';
import type { ServiceAnswer } from '../../../../domain/serviceAnswer.ts';
import { Select } from '../../../ui/Select.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import type { TableColumn } from '../../../ui/Table.tsx';
import { UserText } from '../../../ui/UserText.tsx';
import { AccountDashboardLink } from '../../shared/components/AccountDashboardLink.tsx';
import { ContactDashboardLink } from '../../shared/components/ContactDashboardLink.tsx';
import { PagedTable } from '../../shared/components/PagedTable.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { usePagedList } from '../../shared/hooks/usePagedList.ts';
import { AnalyticsReport } from './AnalyticsReport.tsx';
import { countColumn } from './analyticsColumns.tsx';
import { ExportReportButton } from './ExportReportButton.tsx';
import { NothingSentPanel } from './NothingSentPanel.tsx';

const DIRECTION_LABELS: Record<InsightDirection, string> = {
  rising: 'Rising engagement',
  falling: 'Falling engagement',
};

/** A change with its sign (+3, −2), the way a reader scans movement. */
const signed = (n: number) => (n > 0 ? `+${n.toLocaleString()}` : `−${Math.abs(n).toLocaleString()}`);

const COLUMNS: TableColumn<AccountInsightRow>[] = [
  {
    id: 'account_name',
    header: 'Account',
    width: '26%',
    cell: (row) => (
      <div className="analytics-name">
        <AccountDashboardLink accountId={row.account_id}>
          <UserText>{row.account_name}</UserText>
        </AccountDashboardLink>
      </div>
    ),
  },
  countColumn<AccountInsightRow>('this_week', 'This week', (r) => r.this_week),
  countColumn<AccountInsightRow>('last_week', 'Week before', (r) => r.last_week),
  {
    id: 'change',
    header: 'Change',
    align: 'end',
    cell: (row) => (
      <span className={`analytics-change analytics-change--${row.change > 0 ? 'up' : 'down'}`}>
        {signed(row.change)}
      </span>
    ),
  },
  {
    id: 'top_contacts',
    header: 'Top contacts this week',
    width: '32%',
    cell: (row) =>
      row.top_contacts.length === 0 ? (
        <span className="analytics-name__sub">No contact engaged this week</span>
      ) : (
        <ul className="analytics-insight-contacts">
          {row.top_contacts.map((c) => (
            <li key={c.contact_id}>
              <ContactDashboardLink contactId={c.contact_id}>
                <UserText>{c.contact_name || c.contact_email}</UserText>
              </ContactDashboardLink>{' '}
              <span className="analytics-name__sub">({c.this_week.toLocaleString()})</span>
            </li>
          ))}
        </ul>
      ),
  },
];

/** "22 Nov 2026 – 28 Nov 2026 against 15 Nov 2026 – 21 Nov 2026". */
const weeksText = (weeks: InsightWeeks) => {
  const day = (d: string) => formatDate(`${d}T12:00:00Z`, 'date', 'UTC');
  return `${day(weeks.this_week.start_date)} – ${day(weeks.this_week.end_date)} against ${day(
    weeks.last_week.start_date,
  )} – ${day(weeks.last_week.end_date)}`;
};

/**
 * /analytics/insights: the weekly account insight. The accounts whose engagement (their contacts' first
 * opens and clicks of the filter's emails) rose most in the seven days ending on the filter's end date
 * against the seven before, or fell most, each with its three most engaged contacts; 20 a page with
 * Show more, the direction in the address.
 */
export function InsightsAnalyticsTab({ query }: { query: AnalyticsQuery }) {
  const api = useServices().analyticsApi;
  const list = usePagedList<
    ServiceAnswer<'weekly_account_insights'>,
    AccountInsightRow,
    InsightDirection,
    'none'
  >({
    mode: 'url',
    name: 'analytics-insights',
    pageSize: ANALYTICS_PAGE_SIZE,
    filters: INSIGHT_DIRECTIONS,
    key: JSON.stringify(query),
    load: (page, signal) =>
      api.weeklyAccountInsights(
        { ...query, limit: page.limit, offset: page.offset, direction: page.filter },
        signal,
      ),
    rowsOf: (answer) => answer.data,
    totalOf: (answer) => answer.total_count,
    rowKey: (row) => row.account_id,
  });
  const rising = list.query.filter === 'rising';
  return (
    <AnalyticsReport
      id="analytics-insights-title"
      title="Weekly account insight"
      summary={
        list.latest ? (
          <p className="analytics-report__summary" data-testid="analytics-insight-weeks">
            {weeksText(list.latest.weeks)}
          </p>
        ) : null
      }
      controls={
        <>
          <Select
            label="Show"
            value={list.query.filter}
            options={INSIGHT_DIRECTIONS.map((value) => ({ value, label: DIRECTION_LABELS[value] }))}
            onChange={(event) => list.setFilter(event.target.value as InsightDirection)}
          />
          <ExportReportButton
            call="weekly_account_insights"
            query={query}
            fields={insightsReportFields({ direction: list.query.filter })}
            what="the weekly account insight"
            list={list}
          />
        </>
      }
    >
      <PagedTable
        list={list}
        caption={
          rising
            ? 'Accounts whose engagement rose most this week against the week before, with their top contacts'
            : 'Accounts whose engagement fell most this week against the week before, with their top contacts'
        }
        columns={COLUMNS}
        rowKey={(row) => String(row.account_id)}
        rowProps={() => ({ testId: 'analytics-insight-row' })}
        noun={['account', 'accounts']}
        errorTitle="The weekly account insight could not be loaded"
        empty={
          rising ? (
            <NothingSentPanel compact title="No account engaged more this week">
              When the contacts of an account open or click more of your emails than the week before, the
              account shows here with its most engaged contacts.
            </NothingSentPanel>
          ) : (
            <StatePanel compact kind="empty" title="No account engaged less this week">
              No account opened or clicked less of your emails than the week before.
            </StatePanel>
          )
        }
      />
    </AnalyticsReport>
  );
}
