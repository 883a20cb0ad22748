import { timeAgo } from '../../../../domain/relativeTime.ts';
import type { SenderAddress, SenderRequest } from '../../../../domain/senderAddresses.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Table, type TableColumn } from '../../../ui/Table.tsx';
import { UserText } from '../../../ui/UserText.tsx';

export type SenderRow =
  | { kind: 'sender'; sender: SenderAddress }
  | { kind: 'request'; request: SenderRequest; expired: boolean };

export type SenderActions = {
  makeDefault: (sender: SenderAddress) => void;
  remove: (sender: SenderAddress) => void;
  resend: (request: SenderRequest) => void;
  withdraw: (request: SenderRequest) => void;
  /** The row whose action is running (its buttons wait). */
  busyKey: string | null;
};

export const senderRowKey = (row: SenderRow) =>
  row.kind === 'sender' ? `sender-${row.sender.id}` : `request-${row.request.id}`;

function AddressCell({ email, name }: { email: string; name: string }) {
  return (
    <span className="senders__address">
      <span className="senders__email">{email}</span>
      {name ? (
        <span className="senders__name">
          Shown as <UserText>{name}</UserText>
        </span>
      ) : null}
    </span>
  );
}

function StatusCell({ row }: { row: SenderRow }) {
  if (row.kind === 'sender') {
    return (
      <span className="senders__address">
        {row.sender.is_default ? <Badge tone="success">Default</Badge> : <Badge tone="info">Verified</Badge>}
        <span className="senders__meta">Verified {timeAgo(row.sender.verified_at)}</span>
      </span>
    );
  }
  return (
    <span className="senders__address">
      {row.expired ? (
        <Badge tone="danger">Link expired</Badge>
      ) : (
        <Badge tone="warning">Waiting for verification</Badge>
      )}
      <span className="senders__meta">Link sent {timeAgo(row.request.requested_at)}</span>
    </span>
  );
}

function ActionsCell({ row, actions }: { row: SenderRow; actions: SenderActions }) {
  const busy = actions.busyKey === senderRowKey(row);
  if (row.kind === 'sender') {
    const { sender } = row;
    return (
      <span className="senders__actions">
        {sender.is_default ? null : (
          <Button size="sm" variant="secondary" loading={busy} onClick={() => actions.makeDefault(sender)}>
            Make default
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          onClick={() => actions.remove(sender)}
          aria-label={`Remove ${sender.email}`}
        >
          Remove
        </Button>
      </span>
    );
  }
  const { request } = row;
  return (
    <span className="senders__actions">
      <Button size="sm" variant="secondary" loading={busy} onClick={() => actions.resend(request)}>
        Send link again
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => actions.withdraw(request)}
        aria-label={`Withdraw ${request.email}`}
      >
        Withdraw
      </Button>
    </span>
  );
}

/** The organisation's senders and the addresses waiting for verification; admins get each row's actions. */
export function SenderTable({ rows, actions }: { rows: SenderRow[]; actions: SenderActions | null }) {
  const columns: TableColumn<SenderRow>[] = [
    {
      id: 'address',
      header: 'Address',
      cell: (row) =>
        row.kind === 'sender' ? (
          <AddressCell email={row.sender.email} name={row.sender.sender_name} />
        ) : (
          <AddressCell email={row.request.email} name={row.request.sender_name} />
        ),
    },
    { id: 'status', header: 'Status', width: '190px', cell: (row) => <StatusCell row={row} /> },
  ];
  if (actions) {
    columns.push({
      id: 'actions',
      header: 'Actions',
      align: 'end',
      width: '240px',
      cell: (row) => <ActionsCell row={row} actions={actions} />,
    });
  }
  return (
    <Table
      caption="Sender addresses"
      captionHidden
      columns={columns}
      rows={rows}
      rowKey={senderRowKey}
      rowProps={(row) => ({ testId: senderRowKey(row) })}
    />
  );
}
