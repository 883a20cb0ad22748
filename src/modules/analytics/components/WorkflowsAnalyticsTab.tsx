import { Link } from '@tanstack/react-router';
import type { AnalyticsQuery } from '../../../../domain/analyticsFilterSearch.ts';
import { ANALYTICS_PAGE_SIZE } from '../../../../domain/analyticsSchemas.ts';
import type { WorkflowGraphRow } from '../../../../domain/analyticsTypes.ts';
import { formatDate } from '../../../../domain/formatDate.ts';
import type { WorkflowStatus } from '../../../../domain/workflowTypes.ts';
import { Badge } from '../../../ui/Badge.tsx';
import type { TableColumn } from '../../../ui/Table.tsx';
import { UserText } from '../../../ui/UserText.tsx';
import { PagedTable } from '../../shared/components/PagedTable.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { countedRows, usePagedList } from '../../shared/hooks/usePagedList.ts';
import { WORKFLOW_STATUS_BADGE } from '../../shared/utils/workflowStatusBadge.ts';
import { countColumn, rateColumn } from './analyticsColumns.tsx';
import { NothingSentPanel } from './NothingSentPanel.tsx';

const statusOf = (status: string) =>
  WORKFLOW_STATUS_BADGE[status as WorkflowStatus] ?? { label: status, tone: 'neutral' as const };

const COLUMNS: TableColumn<WorkflowGraphRow>[] = [
  {
    id: 'name',
    header: 'Workflow',
    width: '24%',
    cell: (row) => (
      <Link to="/automation/details" search={{ workflow_id: String(row.workflow_id) }}>
        <UserText>{row.workflow_name}</UserText>
      </Link>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (row) => (
      <Badge tone={statusOf(row.workflow_status).tone}>{statusOf(row.workflow_status).label}</Badge>
    ),
  },
  countColumn('sent', 'Sent', (r) => r.sent),
  countColumn('unique_opens', 'Unique opens', (r) => r.unique_opens),
  rateColumn('open_rate', 'Open rate', (r) => r.open_rate),
  countColumn('unique_clicks', 'Unique clicks', (r) => r.unique_clicks),
  rateColumn('click_rate', 'Click rate', (r) => r.click_rate),
  countColumn('unsubscribed', 'Unsubscribed', (r) => r.unsubscribed),
];

/** The period a workflow report counted, in words ("All time", "Sep 1, 2026 to Nov 28, 2026"). */
function periodText(period: { start_date: string | null; end_date: string } | undefined) {
  if (!period) return '';
  if (period.start_date === null) return 'All time';
  return `${formatDate(period.start_date, 'date', 'UTC')} to ${formatDate(period.end_date, 'date', 'UTC')}`;
}

/**
 * /analytics/workflows: the workflows (the filter's, else every one) with what their emails counted
 * (dashboard_workflow_graph/), most sent first, 20 a page with Show more. Workflow reports count all time
 * unless the filter chooses a period. Each name opens its workflow.
 */
export function WorkflowsAnalyticsTab({ query }: { query: AnalyticsQuery }) {
  const api = useServices().analyticsApi;
  const list = usePagedList({
    mode: 'url',
    name: 'analytics-workflows',
    pageSize: ANALYTICS_PAGE_SIZE,
    key: JSON.stringify(query),
    load: (page, signal) => api.workflowGraph({ ...query, limit: page.limit, offset: page.offset }, signal),
    ...countedRows((row: WorkflowGraphRow) => row.workflow_id),
  });
  const period = periodText(list.latest?.period);
  return (
    <section className="analytics-report" aria-labelledby="analytics-workflows-title">
      <div className="analytics-campaigns__head">
        <h2 id="analytics-workflows-title" className="analytics-section-title">
          Workflows
        </h2>
        {period ? (
          <p className="analytics-report__period" data-testid="analytics-workflows-period">
            {period}
          </p>
        ) : null}
      </div>
      <PagedTable
        list={list}
        caption="Workflows with their sends, opens and clicks, most sent first"
        className="analytics-report-table"
        columns={COLUMNS}
        rowKey={(row) => String(row.workflow_id)}
        rowProps={() => ({ testId: 'analytics-workflow-row' })}
        noun={['workflow', 'workflows']}
        errorTitle="The workflows could not be loaded"
        empty={
          <NothingSentPanel compact title="No workflow has sent an email yet">
            Activate a workflow in Automation: the emails it sends show here with their opens and clicks.
          </NothingSentPanel>
        }
      />
    </section>
  );
}
