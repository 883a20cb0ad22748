import type { MailboxItem } from '../../../domain/mailboxTypes.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { mailboxLabels } from '../utils/mailboxLabels.ts';
import '../../../ui/Table.css';

export type MailboxTableProps = {
  items: MailboxItem[];
  busy: boolean;
  openId: number | null;
  onOpen: (sendId: number) => void;
};

/** The organisation's sends, newest first: recipient, subject, status, opens and clicks, time. */
export function MailboxTable({ items, busy, openId, onOpen }: MailboxTableProps) {
  return (
    <div className={`ui-table mailbox-table${busy ? ' ui-table--busy' : ''}`} aria-busy={busy || undefined}>
      <table className="ui-table__table">
        <caption className="ui-visually-hidden">Marketing emails, newest first</caption>
        <thead>
          <tr>
            <th scope="col">To</th>
            <th scope="col">Subject</th>
            <th scope="col">Status</th>
            <th scope="col">Opens</th>
            <th scope="col">Clicks</th>
            <th scope="col">Time</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const status = mailboxLabels.status(item.status);
            return (
              <tr
                key={item.send_id}
                className={`mailbox-table__row${openId === item.send_id ? ' mailbox-table__row--open' : ''}`}
                data-testid={`mailbox-row-${item.send_id}`}
              >
                <td data-label="To">
                  <span className="mailbox-table__name">{item.contact_name}</span>
                  <span className="mailbox-table__address">{item.to}</span>
                </td>
                <td data-label="Subject">
                  <button
                    type="button"
                    className="mailbox-table__open"
                    aria-pressed={openId === item.send_id}
                    onClick={() => onOpen(item.send_id)}
                  >
                    {item.subject || '(no subject)'}
                  </button>
                </td>
                <td data-label="Status">
                  <span title={item.last_error ?? status.help}>
                    <Badge tone={status.tone}>{status.label}</Badge>
                  </span>
                </td>
                <td data-label="Opens" data-testid="mailbox-opens">
                  {item.opens}
                </td>
                <td data-label="Clicks" data-testid="mailbox-clicks">
                  {item.clicks}
                </td>
                <td data-label="Time">
                  <time dateTime={item.delivered_at ?? item.created_at}>
                    {mailboxLabels.time(item.delivered_at ?? item.created_at)}
                  </time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
