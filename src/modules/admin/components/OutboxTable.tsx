import type { OutboxEmail } from '../../../../domain/outboxTypes.ts';
import { subjectForDisplay } from '../../../../domain/subjectForDisplay.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Table, type TableColumn } from '../../../ui/Table.tsx';
import { outboxLabels } from '../utils/outboxLabels.ts';
import './OutboxTable.css';

export type OutboxTableProps = {
  emails: OutboxEmail[];
  /** A new page is loading: the rows stay, dimmed. */
  busy: boolean;
  onOpen: (id: number) => void;
};

/** The outbox as a table on wide screens and a list of cards on phones. */
export function OutboxTable({ emails, busy, onOpen }: OutboxTableProps) {
  const columns: TableColumn<OutboxEmail>[] = [
    { id: 'to', header: 'To', className: 'outbox-table__to', cell: (email) => email.to_address },
    {
      id: 'subject',
      header: 'Subject',
      className: 'outbox-table__subject',
      cell: (email) => (
        <button
          type="button"
          className="outbox-table__open"
          onClick={(event) => {
            event.stopPropagation();
            onOpen(email.id);
          }}
        >
          {subjectForDisplay(email.subject)}
        </button>
      ),
    },
    { id: 'kind', header: 'Kind', cell: (email) => outboxLabels.kind(email.kind) },
    {
      id: 'status',
      header: 'Status',
      cell: (email) => {
        const status = outboxLabels.status(email.status);
        return (
          <Badge tone={status.tone} title={status.help}>
            {status.label}
          </Badge>
        );
      },
    },
    {
      id: 'time',
      header: 'Time',
      className: 'outbox-table__time',
      cell: (email) => <time dateTime={email.created_at}>{outboxLabels.time(email.created_at)}</time>,
    },
  ];
  return (
    <Table
      caption="Emails in the outbox, newest first"
      captionHidden
      className="outbox-table"
      columns={columns}
      rows={emails}
      rowKey={(email) => String(email.id)}
      rowProps={(email) => ({ className: 'outbox-table__row', onClick: () => onOpen(email.id) })}
      loading={busy}
    />
  );
}
