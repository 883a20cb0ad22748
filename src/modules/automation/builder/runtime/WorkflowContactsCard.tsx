import { useCallback, useEffect, useRef, useState } from 'react';
import { countOf } from '../../../../../domain/countOf.ts';
import { nodeTitleOf } from '../../../../../domain/workflowGraphRules.ts';
import type {
  EnrolledContact,
  StepHistoryEntry,
  WorkflowContactsPage,
} from '../../../../../domain/workflowRuntimeTypes.ts';
import type { DraftSnapshot, WorkflowDraft } from '../../../../engine/WorkflowDraft.ts';
import { Badge } from '../../../../ui/Badge.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Card } from '../../../../ui/Card.tsx';
import { StatePanel } from '../../../../ui/StatePanel.tsx';
import type { TableColumn } from '../../../../ui/Table.tsx';
import { UserText } from '../../../../ui/UserText.tsx';
import { ContactDashboardLink } from '../../../shared/components/ContactDashboardLink.tsx';
import { PagedTable } from '../../../shared/components/PagedTable.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { usePagedList } from '../../../shared/hooks/usePagedList.ts';
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
  const [open, setOpen] = useState<number | null>(null);
  const flow = useDraftSelector(draft, selectFlow);
  const totals = useCountTotals();
  const totalsKey = totals ? JSON.stringify(totals) : '';
  const contacts = usePagedList({
    mode: 'local',
    name: 'workflowContacts',
    pageSize: PAGE_SIZE,
    key: String(workflowId),
    // The card shows once the canvas' counts are there.
    enabled: totalsKey !== '',
    load: (query, signal) =>
      workflowApi.contacts({ workflowId, offset: query.offset, limit: query.limit }, signal),
    rowsOf: (page: WorkflowContactsPage) => page.contacts,
    totalOf: (page) => page.total_count,
    rowKey: (row: EnrolledContact) => row.enrolment_id,
  });
  const { reload } = contacts;
  // A new enrolment or a step taken anywhere changes the totals: read the contacts shown again then.
  const seenTotals = useRef(totalsKey);
  useEffect(() => {
    if (seenTotals.current === totalsKey) return;
    const first = seenTotals.current === '';
    seenTotals.current = totalsKey;
    if (!first) reload();
  }, [totalsKey, reload]);

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
          <ContactDashboardLink
            contactId={row.contact_id}
            context={{ workflow_id: workflowId }}
            className="builder-contact__name"
          >
            <UserText>{row.contact_name || row.contact_email}</UserText>
          </ContactDashboardLink>
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
  const opened = contacts.rows.find((row) => row.enrolment_id === open);
  return (
    <Card>
      <section aria-labelledby="builder-contacts-title" className="builder-contacts">
        <h2 id="builder-contacts-title" className="automation-step__title">
          Contacts in this workflow
        </h2>
        <PagedTable
          list={contacts}
          caption="Contacts in this workflow"
          columns={columns}
          rowKey={(row) => String(row.enrolment_id)}
          noun={['contact', 'contacts']}
          errorTitle="The contacts could not be loaded"
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
      </section>
    </Card>
  );
}
