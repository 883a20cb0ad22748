import type { MailboxItem } from '../../../../domain/mailboxTypes.ts';
import { subjectForDisplay } from '../../../../domain/subjectForDisplay.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Table, type TableColumn } from '../../../ui/Table.tsx';
import { UserText } from '../../../ui/UserText.tsx';
import { mailboxLabels } from '../utils/mailboxLabels.ts';

export type MailboxTableProps = {
  items: MailboxItem[];
  busy: boolean;
  openId: number | null;
  /** `opener`: the button pressed, which gets focus back when the viewer closes. */
  onOpen: (sendId: number, opener: HTMLElement) => void;
};

const sentAt = (item: MailboxItem) => item.delivered_at ?? item.created_at;

/** The organisation's sends, newest first: recipient, subject, status, opens and clicks, time. */
export function MailboxTable({ items, busy, openId, onOpen }: MailboxTableProps) {
  const columns: TableColumn<MailboxItem>[] = [
    {
      id: 'to',
      header: 'To',
      // One element: on phones a cell is a row of label and value, and the name stays above the address.
      cell: (item) => (
        <span className="mailbox-table__to">
          <UserText className="mailbox-table__name">{item.contact_name}</UserText>
          <span className="mailbox-table__address">{item.to}</span>
        </span>
      ),
    },
    {
      id: 'subject',
      header: 'Subject',
      cell: (item) => (
        <button
          type="button"
          className="mailbox-table__open"
          aria-pressed={openId === item.send_id}
          onClick={(event) => onOpen(item.send_id, event.currentTarget)}
        >
          {subjectForDisplay(item.subject)}
        </button>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (item) => {
        const status = mailboxLabels.status(item.status);
        return (
          <Badge tone={status.tone} title={item.last_error ?? status.help}>
            {status.label}
          </Badge>
        );
      },
    },
    { id: 'opens', header: 'Opens', testId: 'mailbox-opens', cell: (item) => item.opens },
    { id: 'clicks', header: 'Clicks', testId: 'mailbox-clicks', cell: (item) => item.clicks },
    {
      id: 'time',
      header: 'Time',
      cell: (item) => <time dateTime={sentAt(item)}>{mailboxLabels.time(sentAt(item))}</time>,
    },
  ];
  return (
    <Table
      caption="Marketing emails, newest first"
      captionHidden
      className="mailbox-table"
      columns={columns}
      rows={items}
      rowKey={(item) => String(item.send_id)}
      rowProps={(item) => ({
        className: `mailbox-table__row${openId === item.send_id ? ' mailbox-table__row--open' : ''}`,
        testId: `mailbox-row-${item.send_id}`,
      })}
      loading={busy}
    />
  );
}
