import { useEffect, useState } from 'react';
import { countOf } from '../../../../domain/countOf.ts';
import type {
  InvitationAnswer,
  InviteInput,
  Team,
  TeamInvitation,
  TeamMember,
} from '../../../../domain/teamSettings.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Card } from '../../../ui/Card.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';
import { InviteForm } from './InviteForm.tsx';
import { type TeamRow, TeamTable, teamRowKey } from './TeamTable.tsx';

type Change =
  | { kind: 'role'; member: TeamMember }
  | { kind: 'remove'; member: TeamMember }
  | { kind: 'withdraw'; invitation: TeamInvitation };

const changeKey = (change: Change) =>
  change.kind === 'withdraw'
    ? teamRowKey({ kind: 'invitation', invitation: change.invitation, expired: false })
    : teamRowKey({ kind: 'member', member: change.member });

function rowsOf(team: Team, now: number): TeamRow[] {
  return [
    ...team.members.map((member): TeamRow => ({ kind: 'member', member })),
    ...team.invitations.map(
      (invitation): TeamRow => ({
        kind: 'invitation',
        invitation,
        expired: Date.parse(invitation.expires_at) <= now,
      }),
    ),
  ];
}

/** The organisation's only administrator, when it has exactly one. */
function lastAdminOf(team: Team): number | null {
  const admins = team.members.filter((member) => member.role === 'admin');
  return admins.length === 1 ? (admins[0]?.id ?? null) : null;
}

const nameOf = (member: TeamMember) => `${member.first_name} ${member.last_name}`.trim() || member.email;

/**
 * Settings › Team: who is in the organisation and with which role. Everyone sees it; administrators
 * invite (a single-use link is mailed), make someone an administrator or a member, remove someone (their
 * sessions end at once) and withdraw or resend invitations. The last administrator always stays one.
 */
export function TeamPage() {
  const { userApi } = useServices();
  const [team, setTeam] = useState<Team | null>(null);
  const [invited, setInvited] = useState<InvitationAnswer | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [actedOn, setActedOn] = useState<string | null>(null);
  const loaded = useLoad((_: null, signal) => userApi.team(signal), 'team');
  const { load } = loaded;
  useEffect(() => load(null), [load]);
  useEffect(() => {
    if (loaded.data) setTeam(loaded.data);
  }, [loaded.data]);

  const invite = useRequest(async (input: InviteInput, signal) => {
    const answer = await userApi.inviteUser(input, signal);
    setTeam(answer);
    setInvited(answer);
    setFormKey((key) => key + 1);
    return answer;
  }, 'inviteUser');
  const change = useRequest(async (next: Change, signal) => {
    const answer =
      next.kind === 'role'
        ? await userApi.changeUserRole(
            next.member.id,
            next.member.role === 'admin' ? 'member' : 'admin',
            signal,
          )
        : next.kind === 'remove'
          ? await userApi.removeUser(next.member.id, signal)
          : await userApi.cancelInvitation(next.invitation.id, signal);
    setTeam(answer);
    if (next.kind === 'remove') setRemoving(null);
    return answer;
  }, 'changeTeam');
  const changeRunning = change.status === 'loading';
  const running = changeRunning || invite.status === 'loading';
  const submitChange = (next: Change) => {
    setActedOn(changeKey(next));
    change.submit(next);
  };
  const resent = actedOn?.startsWith('invitation-') ?? false;

  if (!team) {
    if (loaded.status === 'failure')
      return (
        <LoadErrorPanel
          title="The team could not be loaded"
          message={loaded.error?.message}
          onRetry={() => load(null)}
        />
      );
    return <StatePanel kind="loading" title="Loading your team…" />;
  }

  return (
    <>
      <Card
        title="Team"
        description={`${countOf(team.members.length, 'person', 'people')} in your organisation.`}
        flush
      >
        {invited ? (
          <div className="senders__notice">
            <Alert tone={invited.mail_delivery === 'smtp' ? 'success' : 'info'}>{invited.message}</Alert>
          </div>
        ) : null}
        {change.status === 'failure' && change.error && !removing ? (
          <div className="senders__notice">
            <Alert tone="error">{change.error.message}</Alert>
          </div>
        ) : null}
        {invite.status === 'failure' && invite.error && resent ? (
          <div className="senders__notice">
            <Alert tone="error">{invite.error.message}</Alert>
          </div>
        ) : null}
        {team.can_manage ? null : (
          <div className="senders__notice">
            <Alert tone="info">
              Only your organisation's administrators can invite, change roles or remove.
            </Alert>
          </div>
        )}
        <TeamTable
          rows={rowsOf(team, Date.now())}
          actions={
            team.can_manage
              ? {
                  changeRole: (member) => submitChange({ kind: 'role', member }),
                  lastAdminId: lastAdminOf(team),
                  remove: (member) => {
                    change.reset();
                    setRemoving(member);
                  },
                  resend: (invitation) => {
                    setActedOn(teamRowKey({ kind: 'invitation', invitation, expired: false }));
                    invite.submit({ email: invitation.email, role: invitation.role });
                  },
                  withdraw: (invitation) => submitChange({ kind: 'withdraw', invitation }),
                  busyKey: running ? actedOn : null,
                }
              : null
          }
        />
      </Card>
      {team.can_manage ? (
        <InviteForm
          key={formKey}
          busy={invite.status === 'loading' && actedOn === null}
          refusal={invite.status === 'failure' && !resent ? (invite.error?.message ?? null) : null}
          onInvite={(input) => {
            setActedOn(null);
            invite.submit(input);
          }}
          onEdit={() => {
            if (invite.status === 'failure') invite.reset();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Remove ${removing ? nameOf(removing) : 'this person'}?`}
        description="They are signed out at once and can no longer sign in. What they made stays your organisation's."
        confirmLabel="Remove from team"
        onConfirm={() => {
          if (removing) submitChange({ kind: 'remove', member: removing });
        }}
        busy={changeRunning}
        failure={
          removing && change.status === 'failure'
            ? { title: 'They were not removed', message: change.error?.message ?? 'Try again.' }
            : null
        }
      />
    </>
  );
}
