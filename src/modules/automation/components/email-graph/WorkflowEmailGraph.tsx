import { type ReactNode, useEffect, useMemo, useState } from 'react';
import {
  WORKFLOW_GRAPH_DEFAULT_FILTER,
  type WorkflowAnswers,
  type WorkflowGraphFilter,
} from '../../../../../domain/workflowTypes.ts';
import type { WorkflowEmailsGraphQuery } from '../../../../api/analyticsApi.ts';
import { Button } from '../../../../ui/Button.tsx';
import { Select } from '../../../../ui/Select.tsx';
import { StatePanel } from '../../../../ui/StatePanel.tsx';
import { EmailEventChart } from '../../../shared/components/EmailEventChart.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../../shared/hooks/useLoad.ts';
import { emailEventTotals } from '../../../shared/utils/emailEventChartLayout.ts';
import { WorkflowGraphSummary } from './WorkflowGraphSummary.tsx';

export const GRAPH_FILTER_OPTIONS: readonly { value: WorkflowGraphFilter; label: string }[] = [
  { value: 'week', label: '1 WEEK' },
  { value: 'month', label: '1 MONTH' },
  { value: WORKFLOW_GRAPH_DEFAULT_FILTER.value, label: WORKFLOW_GRAPH_DEFAULT_FILTER.label },
  { value: 'year', label: '1 YEAR' },
];
const ALL_EMAILS = 'all';
const HEIGHT = 260;

/**
 * The workflow email graph: sends, opens and clicks per day of the workflow's emails, with the date
 * filter (default and reset: "1 QTR") and an email choice; d3 computes, React draws the SVG. A legend, a
 * table of the totals per email, and an empty state when nothing happened in the period.
 */
export function WorkflowEmailGraph({ workflowId }: { workflowId: number }) {
  const api = useServices().analyticsApi;
  const [filter, setFilter] = useState<WorkflowGraphFilter>(WORKFLOW_GRAPH_DEFAULT_FILTER.value);
  const [emailId, setEmailId] = useState(ALL_EMAILS);

  const emails = useLoad<number, WorkflowAnswers['graph_email_listing']>(
    (id, signal) => api.graphEmailListing(id, '', signal),
    'graphEmailListing',
  );
  const graph = useLoad<WorkflowEmailsGraphQuery, WorkflowAnswers['workflow_emails_graph']>(
    (query, signal) => api.workflowEmailsGraph(query, signal),
    'workflowEmailsGraph',
  );
  const loadEmails = emails.load;
  const loadGraph = graph.load;
  useEffect(() => loadEmails(workflowId), [workflowId, loadEmails]);
  const query = useMemo<WorkflowEmailsGraphQuery>(
    () => ({ workflowId, filter, emailIds: emailId === ALL_EMAILS ? undefined : [Number(emailId)] }),
    [workflowId, filter, emailId],
  );
  useEffect(() => loadGraph(query), [query, loadGraph]);

  const answer = graph.data?.data ?? null;
  const filterLabel = GRAPH_FILTER_OPTIONS.find((option) => option.value === filter)?.label ?? filter;

  let body: ReactNode;
  if (graph.status === 'failure' && graph.error) {
    body = (
      <StatePanel
        compact
        kind="error"
        title="The graph could not be loaded"
        actions={
          <Button variant="secondary" onClick={() => loadGraph(query)}>
            Try again
          </Button>
        }
      >
        {graph.error.message}
      </StatePanel>
    );
  } else if (!answer) {
    body = <StatePanel compact kind="loading" title="Loading the email graph…" />;
  } else {
    body = (
      <>
        <EmailEventChart
          series={answer.series}
          from={answer.from}
          to={answer.to}
          height={HEIGHT}
          testId="workflow-email-graph"
          empty={
            <StatePanel compact kind="empty" title="No email activity in this period">
              Nothing was sent, opened or clicked in the last {filterLabel.toLowerCase().replace('1 ', '')}.
              Choose a longer period, or come back once the workflow has sent its emails.
            </StatePanel>
          }
        />
        {emailEventTotals(answer.series).empty ? null : <WorkflowGraphSummary series={answer.series} />}
      </>
    );
  }

  const emailOptions = [
    { value: ALL_EMAILS, label: 'All emails' },
    ...(emails.data?.data ?? []).map((email) => ({ value: String(email.email_id), label: email.email_name })),
  ];

  return (
    <section className="automation-graph" aria-labelledby="automation-graph-title">
      <header className="automation-graph__header">
        <h2 id="automation-graph-title" className="automation-step__title">
          Email performance
        </h2>
        <div className="automation-graph__controls">
          <Select
            label="Emails"
            value={emailId}
            options={emailOptions}
            onChange={(event) => setEmailId(event.target.value)}
          />
          <Select
            label="Period"
            value={filter}
            options={[...GRAPH_FILTER_OPTIONS]}
            onChange={(event) => setFilter(event.target.value as WorkflowGraphFilter)}
          />
          <Button
            variant="ghost"
            size="sm"
            disabled={filter === WORKFLOW_GRAPH_DEFAULT_FILTER.value}
            onClick={() => setFilter(WORKFLOW_GRAPH_DEFAULT_FILTER.value)}
          >
            Reset to {WORKFLOW_GRAPH_DEFAULT_FILTER.label}
          </Button>
        </div>
      </header>
      <div className="automation-graph__box" aria-busy={graph.status === 'loading'}>
        {body}
      </div>
    </section>
  );
}
