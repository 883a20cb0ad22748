import { type ReactNode, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { formatThousands } from '../../../../../domain/formatThousands.ts';
import {
  WORKFLOW_GRAPH_DEFAULT_FILTER,
  type WorkflowAnswers,
  type WorkflowGraphFilter,
} from '../../../../../domain/workflowTypes.ts';
import type { WorkflowEmailsGraphQuery } from '../../../../api/analyticsApi.ts';
import { Button } from '../../../../ui/Button.tsx';
import { Select } from '../../../../ui/Select.tsx';
import { StatePanel } from '../../../../ui/StatePanel.tsx';
import { GraphMarker } from '../../../shared/components/GraphMarker.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../../shared/hooks/useLoad.ts';
import { GRAPH_METRICS, workflowGraphLayout } from '../../../shared/utils/workflowGraphLayout.ts';
import { WorkflowGraphSummary } from './WorkflowGraphSummary.tsx';

export const GRAPH_FILTER_OPTIONS: readonly { value: WorkflowGraphFilter; label: string }[] = [
  { value: 'week', label: '1 WEEK' },
  { value: 'month', label: '1 MONTH' },
  { value: WORKFLOW_GRAPH_DEFAULT_FILTER.value, label: WORKFLOW_GRAPH_DEFAULT_FILTER.label },
  { value: 'year', label: '1 YEAR' },
];
const ALL_EMAILS = 'all';
const HEIGHT = 260;

/** Follows the width of its box (the graph is redrawn by React at that width). */
function useWidth(): [RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(280, Math.round(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/**
 * The workflow email graph: sends, opens and clicks per day of the workflow's emails, with the date
 * filter (default and reset: "1 QTR") and an email choice; d3 computes, React draws the SVG. A legend, a
 * table of the totals per email, and an empty state when nothing happened in the period.
 */
export function WorkflowEmailGraph({ workflowId }: { workflowId: number }) {
  const api = useServices().analyticsApi;
  const [filter, setFilter] = useState<WorkflowGraphFilter>(WORKFLOW_GRAPH_DEFAULT_FILTER.value);
  const [emailId, setEmailId] = useState(ALL_EMAILS);
  const [boxRef, width] = useWidth();

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
  const layout = useMemo(
    () =>
      answer
        ? workflowGraphLayout({
            series: answer.series,
            from: answer.from,
            to: answer.to,
            width,
            height: HEIGHT,
          })
        : null,
    [answer, width],
  );
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
  } else if (!layout) {
    body = <StatePanel compact kind="loading" title="Loading the email graph…" />;
  } else if (layout.empty) {
    body = (
      <StatePanel compact kind="empty" title="No email activity in this period">
        Nothing was sent, opened or clicked in the last {filterLabel.toLowerCase().replace('1 ', '')}. Choose
        a longer period, or come back once the workflow has sent its emails.
      </StatePanel>
    );
  } else {
    const { margin, inner } = layout;
    const description = `Sends, opens and clicks per day, ${answer?.from} to ${answer?.to}: ${GRAPH_METRICS.map(
      (m) => `${formatThousands(layout.totals[m.metric])} ${m.label.toLowerCase()}`,
    ).join(', ')}.`;
    body = (
      <>
        <ul className="automation-graph__legend" aria-label="Legend">
          {GRAPH_METRICS.map((m) => (
            <li key={m.metric}>
              <svg width="32" height="12" aria-hidden="true" focusable="false">
                <line
                  x1="0"
                  x2="32"
                  y1="6"
                  y2="6"
                  stroke={m.color}
                  strokeWidth="2.5"
                  strokeDasharray={m.dash}
                />
                <GraphMarker shape={m.marker} color={m.color} cx={16} cy={6} />
              </svg>
              {m.label} <strong>{formatThousands(layout.totals[m.metric])}</strong>
            </li>
          ))}
        </ul>
        <svg
          className="automation-graph__svg"
          width={layout.width}
          height={layout.height}
          role="img"
          aria-label={description}
          data-testid="workflow-email-graph"
        >
          <g transform={`translate(${margin.left},${margin.top})`}>
            {layout.yTicks.map((tick) => (
              <g key={`y${tick.y}`} transform={`translate(0,${tick.y})`}>
                <line x2={inner.width} className="automation-graph__grid" />
                <text x={-8} dy="0.32em" textAnchor="end" className="automation-graph__tick">
                  {tick.label}
                </text>
              </g>
            ))}
            {layout.xTicks.map((tick) => (
              <text
                key={`x${tick.x}`}
                x={tick.x}
                y={inner.height + 20}
                textAnchor="middle"
                className="automation-graph__tick"
              >
                {tick.label}
              </text>
            ))}
            <line y1={inner.height} y2={inner.height} x2={inner.width} className="automation-graph__axis" />
            {layout.lines.map((l) => (
              <path
                key={l.metric}
                d={l.d}
                fill="none"
                stroke={l.color}
                strokeWidth={2}
                strokeDasharray={l.dash}
                data-metric={l.metric}
              />
            ))}
            {layout.dots.map((dot) => (
              <GraphMarker
                key={`${dot.metric}${dot.date}`}
                shape={dot.marker}
                color={dot.color}
                cx={dot.cx}
                cy={dot.cy}
              >
                <title>{`${dot.date}: ${formatThousands(dot.value)} ${dot.metric}`}</title>
              </GraphMarker>
            ))}
          </g>
        </svg>
        <WorkflowGraphSummary layout={layout} />
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
      <div ref={boxRef} className="automation-graph__box" aria-busy={graph.status === 'loading'}>
        {body}
      </div>
    </section>
  );
}
