import { formatDate } from '../../../../domain/formatDate.ts';
import type { TeamInvitation, TeamMember } from '../../../../domain/teamSettings.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Table, type TableColumn } from '../../../ui/Table.tsx';
import { UserText } from '../../../ui/UserText.tsx';

export type TeamRow =
  | { kind: 'member'; member: TeamMember }
  | { kind: 'invitation'; invitation: TeamInvitation; expired: boolean };

export type TeamActions = {
  changeRole: (member: TeamMember) => void;
  /** The organisation's only administrator is never made a member: no button offers it. */
  lastAdminId: number | null;
  remove: (member: TeamMember) => void;
  resend: (invitation: TeamInvitation) => void;
  withdraw: (invitation: TeamInvitation) => void;
  /** The row whose action is running (its buttons wait). */
  busyKey: string | null;
};

export const teamRowKey = (row: TeamRow) =>
  row.kind === 'member' ? `member-${row.member.id}` : `invitation-${row.invitation.id}`;

const ROLE_LABEL = { admin: 'Administrator', member: 'Member' } as const;

function PersonCell({ row }: { row: TeamRow }) {
  if (row.kind === 'invitation') {
    return (
      <span className="senders__address">
        <span className="senders__email">{row.invitation.email}</span>
        <span className="senders__meta">Invited {formatDate(row.invitation.invited_at)}</span>
      </span>
    );
  }
  const { member } = row;
  const name = `${member.first_name} ${member.last_name}`.trim();
  return (
    <span className="senders__address">
      <span className="senders__email">
        <UserText>{name || member.email}</UserText>
        {member.is_you ? <span className="senders__meta"> (you)</span> : null}
      </span>
      <span className="senders__name">{member.email}</span>
    </span>
  );
}

function StatusCell({ row }: { row: TeamRow }) {
  if (row.kind === 'member') {
    return (
      <Badge tone={row.member.role === 'admin' ? 'success' : 'info'}>{ROLE_LABEL[row.member.role]}</Badge>
    );
  }
  return (
    <span className="senders__address">
      {row.expired ? <Badge tone="danger">Invitation expired</Badge> : <Badge tone="warning">Invited</Badge>}
      <span className="senders__meta">As {ROLE_LABEL[row.invitation.role].toLowerCase()}</span>
    </span>
  );
}

function ActionsCell({ row, actions }: { row: TeamRow; actions: TeamActions }) {
  const busy = actions.busyKey === teamRowKey(row);
  if (row.kind === 'member') {
    const { member } = row;
    const who = `${member.first_name} ${member.last_name}`.trim() || member.email;
    return (
      <span className="senders__actions">
        {member.id === actions.lastAdminId ? (
          <span className="senders__meta">The only administrator</span>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            loading={busy}
            onClick={() => actions.changeRole(member)}
            aria-label={member.role === 'admin' ? `Make ${who} a member` : `Make ${who} an administrator`}
          >
            {member.role === 'admin' ? 'Make member' : 'Make admin'}
          </Button>
        )}
        {member.is_you || member.id === actions.lastAdminId ? null : (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => actions.remove(member)}
            aria-label={`Remove ${who}`}
          >
            Remove
          </Button>
        )}
      </span>
    );
  }
  const { invitation } = row;
  return (
    <span className="senders__actions">
      <Button size="sm" variant="secondary" loading={busy} onClick={() => actions.resend(invitation)}>
        Send again
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => actions.withdraw(invitation)}
        aria-label={`Withdraw the invitation of ${invitation.email}`}
      >
        Withdraw
      </Button>
    </span>
  );
}

/** The organisation's users and its open invitations; admins get each row's actions. */
export function TeamTable({ rows, actions }: { rows: TeamRow[]; actions: TeamActions | null }) {
  const columns: TableColumn<TeamRow>[] = [
    { id: 'person', header: 'Person', cell: (row) => <PersonCell row={row} /> },
    { id: 'role', header: 'Role', width: '190px', cell: (row) => <StatusCell row={row} /> },
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
      caption="Team"
      captionHidden
      columns={columns}
      rows={rows}
      rowKey={teamRowKey}
      rowProps={(row) => ({ testId: teamRowKey(row) })}
    />
  );
}
