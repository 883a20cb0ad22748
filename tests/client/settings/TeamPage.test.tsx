import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../jsdomDialog.ts';
import type { InvitationAnswer, Team } from '../../../domain/teamSettings.ts';
import { ApiError } from '../../../src/api/ApiError.ts';
import type { UserApi } from '../../../src/api/userApi.ts';
import { TeamPage } from '../../../src/modules/settings/components/TeamPage.tsx';
import { appServices, ServicesContext } from '../../../src/modules/shared/hooks/ServicesContext.ts';

afterEach(cleanup);

const DAY = 86_400_000;
const TEAM: Team = {
  members: [
    {
      id: 1,
      first_name: 'Olive',
      last_name: 'Owner',
      email: 'owner@acme.test',
      role: 'admin',
      is_you: true,
      joined_at: '2026-11-01T09:00:00.000Z',
    },
    {
      id: 2,
      first_name: 'Max',
      last_name: 'Member',
      email: 'max@acme.test',
      role: 'member',
      is_you: false,
      joined_at: '2026-11-02T09:00:00.000Z',
    },
  ],
  invitations: [
    {
      id: 9,
      email: 'late@acme.test',
      role: 'member',
      invited_at: new Date(Date.now() - 8 * DAY).toISOString(),
      expires_at: new Date(Date.now() - DAY).toISOString(),
    },
  ],
  can_manage: true,
};

function renderPage(stubs: Partial<UserApi>, team: Team = TEAM) {
  const userApi: UserApi = { ...appServices.userApi, team: vi.fn(async () => team), ...stubs };
  render(
    <ServicesContext.Provider value={{ ...appServices, userApi }}>
      <TeamPage />
    </ServicesContext.Provider>,
  );
  return userApi;
}

describe('Settings › Team', () => {
  it('lists the people with their roles and the open invitations, an expired one marked', async () => {
    renderPage({});
    const owner = await screen.findByTestId('member-1');
    expect(within(owner).getByText('Administrator')).toBeTruthy();
    expect(within(owner).getByText('(you)')).toBeTruthy();
    // You cannot remove yourself, and the only administrator is never offered to become a member.
    expect(within(owner).queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(within(owner).queryByRole('button', { name: /a member$/ })).toBeNull();
    expect(within(owner).getByText('The only administrator')).toBeTruthy();
    expect(within(screen.getByTestId('member-2')).getByText('Member')).toBeTruthy();
    expect(within(screen.getByTestId('invitation-9')).getByText('Invitation expired')).toBeTruthy();
    expect(screen.getByText('2 people in your organisation.')).toBeTruthy();
  });

  it('invites an address with a role and shows the answer; a refusal stays on the address field', async () => {
    const answer: Team & InvitationAnswer = {
      ...TEAM,
      invitations: [
        ...TEAM.invitations,
        {
          id: 10,
          email: 'new@acme.test',
          role: 'admin',
          invited_at: new Date().toISOString(),
          expires_at: new Date(Date.now() + 7 * DAY).toISOString(),
        },
      ],
      invitation: {
        id: 10,
        email: 'new@acme.test',
        role: 'admin',
        invited_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 7 * DAY).toISOString(),
      },
      mail_delivery: 'log',
      message: 'No email delivery is set up on this server: its operator finds the invitation link.',
    };
    const inviteUser = vi
      .fn<UserApi['inviteUser']>()
      .mockRejectedValueOnce(
        new ApiError({ kind: 'http', status: 400, message: 'max@acme.test is already on your team.' }),
      )
      .mockResolvedValueOnce(answer);
    renderPage({ inviteUser });
    const form = await screen.findByRole('form', { name: 'Invite a colleague' });
    fireEvent.change(within(form).getByLabelText('Email address'), { target: { value: 'max@acme.test' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('max@acme.test is already on your team.')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Email address'), { target: { value: 'new@acme.test' } });
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'admin' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(/operator finds the invitation link/)).toBeTruthy();
    expect(inviteUser).toHaveBeenLastCalledWith({ email: 'new@acme.test', role: 'admin' }, expect.anything());
    expect(within(await screen.findByTestId('invitation-10')).getByText('Invited')).toBeTruthy();
  });

  it('removes someone after a confirmation and changes roles; a refusal is shown', async () => {
    const removeUser = vi.fn<UserApi['removeUser']>(async () => ({
      ...TEAM,
      members: TEAM.members.slice(0, 1),
    }));
    const changeUserRole = vi.fn<UserApi['changeUserRole']>().mockRejectedValueOnce(
      new ApiError({
        kind: 'http',
        status: 400,
        message: 'Your organisation needs at least one administrator.',
      }),
    );
    // With two administrators either may become a member; the server's refusal (a race) is shown.
    const twoAdmins = { ...TEAM, members: TEAM.members.map((m) => ({ ...m, role: 'admin' as const })) };
    renderPage({ removeUser, changeUserRole }, twoAdmins);
    fireEvent.click(await screen.findByRole('button', { name: 'Make Olive Owner a member' }));
    expect(await screen.findByText('Your organisation needs at least one administrator.')).toBeTruthy();
    expect(changeUserRole).toHaveBeenCalledWith(1, 'member', expect.anything());

    fireEvent.click(screen.getByRole('button', { name: 'Remove Max Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Max Member?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove from team' }));
    await vi.waitFor(() => expect(screen.queryByTestId('member-2')).toBeNull());
    expect(removeUser).toHaveBeenCalledWith(2, expect.anything());
  });

  it('shows a member the team without its actions or the invitation form', async () => {
    renderPage({}, { ...TEAM, can_manage: false });
    expect(await screen.findByText(/Only your organisation's administrators/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Invite a colleague' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });
});
