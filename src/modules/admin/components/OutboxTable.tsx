import type { OutboxEmail } from '../../../api/userApi.ts';
import { Badge } from '../../../ui/Badge.tsx';
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
  return (
    <div className={`outbox-table${busy ? ' outbox-table--busy' : ''}`} aria-busy={busy || undefined}>
      <table className="outbox-table__table">
        <caption className="ui-visually-hidden">Emails in the outbox, newest first</caption>
        <thead>
          <tr>
            <th scope="col">To</th>
            <th scope="col">Subject</th>
            <th scope="col">Kind</th>
            <th scope="col">Status</th>
            <th scope="col">Time</th>
          </tr>
        </thead>
        <tbody>
          {emails.map((email) => {
            const status = outboxLabels.status(email.status);
            return (
              <tr key={email.id} className="outbox-table__row" onClick={() => onOpen(email.id)}>
                <td className="outbox-table__to" data-label="To">
                  {email.to_address}
                </td>
                <td className="outbox-table__subject" data-label="Subject">
                  <button
                    type="button"
                    className="outbox-table__open"
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(email.id);
                    }}
                  >
                    {email.subject || '(no subject)'}
                  </button>
                </td>
                <td data-label="Kind">{outboxLabels.kind(email.kind)}</td>
                <td data-label="Status">
                  <span title={status.help}>
                    <Badge tone={status.tone}>{status.label}</Badge>
                  </span>
                </td>
                <td className="outbox-table__time" data-label="Time">
                  <time dateTime={email.created_at}>{outboxLabels.time(email.created_at)}</time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
