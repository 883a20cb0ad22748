import { useCallback, useEffect, useState } from 'react';
import { countOf } from '../../../../../domain/countOf.ts';
import { nodeTitleOf } from '../../../../../domain/workflowGraphRules.ts';
import type { EnrolledContact, StepHistoryEntry } from '../../../../../domain/workflowRuntimeTypes.ts';
import type { DraftSnapshot, WorkflowDraft } from '../../../../engine/WorkflowDraft.ts';
import { Badge } from '../../../../ui/Badge.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Card } from '../../../../ui/Card.tsx';
import { Pagination } from '../../../../ui/Pagination.tsx';
import { StatePanel } from '../../../../ui/StatePanel.tsx';
import { Table, type TableColumn } from '../../../../ui/Table.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../../shared/hooks/useLoad.ts';
import { formatRuntimeTime } from '../../utils/formatRuntimeTime.ts';
import { useDraftSelector } from '../hooks/useDraftSelector.ts';
import { ENROLMENT_STATUS_BADGE } from './enrolmentStatusBadge.ts';
import { useCountTotals } from './NodeCountsContext.ts';

const PAGE_SIZE = 10;
const selectFlow = (snapshot: DraftSnapshot) => snapshot.flow;

/** A contact's history, each step named by its title in the draft (its id when since deleted). */
function HistoryList({ history, titleOf }: { history: StepHistoryEntry[]; titleOf: (id: string) => string }) {
  return (
    <ol className="builder-history">
      {history.map((entry) => (
        <li key={`${entry.node_id}:${entry.at}:${entry.outcome}`}>
          <span className="builder-history__time">{formatRuntimeTime(entry.at)}</span>
          <span className="builder-history__step">
            {/* An enrolment is recorded at the first step it will run; it happened at the trigger. */}
            {entry.outcome === 'enrolled' ? 'Trigger' : titleOf(entry.node_id)}
          </span>
          <span className="builder-history__outcome">{entry.outcome}</span>
        </li>
      ))}
    </ol>
  );
}

/**
 * The workflow's contacts (workflow_contacts/): each enrolled contact with their status, the step they
 * are at, when their next step is due, and their history on demand. Refreshed with the canvas' counts.
 */
export function WorkflowContactsCard({ workflowId, draft }: { workflowId: number; draft: WorkflowDraft }) {
  const { workflowApi } = useServices();
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const flow = useDraftSelector(draft, selectFlow);
  const totals = useCountTotals();
  const contacts = useLoad(
    (page: { offset: number }, signal) =>
      workflowApi.contacts({ workflowId, offset: page.offset, limit: PAGE_SIZE }, signal),
    'workflowContacts',
  );
  const { load } = contacts;
  // A new enrolment or a step taken anywhere changes the totals: read the page again then.
  const totalsKey = totals ? JSON.stringify(totals) : '';
  useEffect(() => {
    if (totalsKey) load({ offset });
  }, [offset, totalsKey, load]);

  const titleOf = useCallback(
    (id: string) => {
      const node = flow[id];
      return node ? nodeTitleOf(node) : id === 'trigger' ? 'Trigger' : `Removed step ${id}`;
    },
    [flow],
  );
  if (!totals || totals.enrolled === 0) return null;

  const columns: TableColumn<EnrolledContact>[] = [
    {
      id: 'contact',
      header: 'Contact',
      cell: (row) => (
        <span className="builder-contact">
          <strong>{row.contact_name}</strong>
          <span className="automation-muted">{row.contact_email}</span>
        </span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (row) => {
        const badge = ENROLMENT_STATUS_BADGE[row.status];
        return <Badge tone={badge.tone}>{badge.label}</Badge>;
      },
    },
    { id: 'step', header: 'Current step', cell: (row) => titleOf(row.current_node) },
    {
      id: 'next',
      header: 'Next step due',
      cell: (row) => (row.next_due_at ? formatRuntimeTime(row.next_due_at) : '—'),
    },
    { id: 'enrolled', header: 'Enrolled', cell: (row) => formatRuntimeTime(row.enrolled_at) },
    {
      id: 'history',
      header: 'History',
      align: 'end',
      cell: (row) => (
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open === row.enrolment_id}
          onClick={() => setOpen((current) => (current === row.enrolment_id ? null : row.enrolment_id))}
        >
          {open === row.enrolment_id ? 'Hide' : countOf(row.history.length, 'step', 'steps')}
        </Button>
      ),
    },
  ];
  const rows = contacts.data?.contacts ?? [];
  const opened = rows.find((row) => row.enrolment_id === open);
  return (
    <Card>
      <section aria-labelledby="builder-contacts-title" className="builder-contacts">
        <h2 id="builder-contacts-title" className="automation-step__title">
          Contacts in this workflow
        </h2>
        <Table
          caption="Contacts in this workflow"
          captionHidden
          columns={columns}
          rows={rows}
          rowKey={(row) => String(row.enrolment_id)}
          loading={contacts.status === 'loading'}
          error={
            contacts.status === 'failure' && contacts.error ? (
              <StatePanel compact kind="error" title="The contacts could not be loaded">
                {contacts.error.message}
              </StatePanel>
            ) : undefined
          }
          empty={
            <StatePanel compact kind="empty" title="No contacts yet">
              Contacts enter when what starts the workflow happens, once it is published. Try it first with
              Simulate.
            </StatePanel>
          }
        />
        {opened ? (
          <section className="builder-contacts__history" aria-labelledby="builder-contacts-history-title">
            <h3 id="builder-contacts-history-title" className="builder-contacts__history-title">
              History of {opened.contact_name}
            </h3>
            <HistoryList history={opened.history} titleOf={titleOf} />
          </section>
        ) : null}
        <Pagination
          offset={offset}
          limit={PAGE_SIZE}
          total={contacts.data?.total_count ?? 0}
          onChange={setOffset}
          noun="contacts"
        />
      </section>
    </Card>
  );
}
