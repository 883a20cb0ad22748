import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GROUP_NAME_EXISTS, type GroupUser, type SalesGroup } from '../../../domain/salesGroups.ts';
import { ApiError } from '../../../src/api/ApiError.ts';
import type { AudienceApi } from '../../../src/api/audienceApi.ts';
import { GroupsPage } from '../../../src/modules/audiences/groups/GroupsPage.tsx';
import { appServices, ServicesContext } from '../../../src/modules/shared/hooks/ServicesContext.ts';
import { ToastProvider } from '../../../src/ui/ToastProvider.tsx';

afterEach(cleanup);

const group = (groupId: number, patch: Partial<SalesGroup> = {}): SalesGroup => ({
  groupId,
  groupName: `Group ${groupId}`,
  totalUsers: 1,
  lastUpdated: '2026-11-01T09:00:00.000Z',
  isDeletable: true,
  ...patch,
});
const USERS: GroupUser[] = [
  { userId: 1, fullName: 'Ada Admin', email: 'ada@x.test', inGroup: true },
  { userId: 2, fullName: 'Dana Demo', email: 'dana@x.test', inGroup: false },
];

function renderPage(stubs: Partial<AudienceApi>) {
  const audienceApi: AudienceApi = {
    ...appServices.audienceApi,
    listGroups: vi.fn(async () => ({
      total_count: 2,
      data: [group(2), group(1, { groupName: 'Default team', isDeletable: false, totalUsers: 2 })],
    })),
    groupUsers: vi.fn(async () => USERS),
    ...stubs,
  };
  render(
    <ServicesContext.Provider value={{ ...appServices, audienceApi }}>
      <ToastProvider>
        <GroupsPage />
      </ToastProvider>
    </ServicesContext.Provider>,
  );
  return audienceApi;
}

const groupButtons = () =>
  within(screen.getByRole('list', { name: 'Groups' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('GroupsPage', () => {
  it('lists the groups with their users, the first selected, and the default team without Delete', async () => {
    renderPage({});
    expect(await screen.findByRole('heading', { level: 2, name: 'Group 2' })).toBeTruthy();
    expect(groupButtons()).toEqual([
      'Group 2' + '1 user · Nov 1, 2026',
      'Default teamDefault2 users · Nov 1, 2026',
    ]);
    expect(screen.getByRole('button', { name: 'Delete group' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Default team/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Default team' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete group' })).toBeNull();
    expect(screen.getByText('The default team can be renamed but not deleted.')).toBeTruthy();
    expect(((await screen.findByLabelText(/Ada Admin/)) as HTMLInputElement).checked).toBe(true);
  });

  it('puts a new group at the top, selected, with 0 users and "just now"; a taken name shows on the field', async () => {
    const createGroup = vi
      .fn<AudienceApi['createGroup']>()
      .mockRejectedValueOnce(new ApiError({ kind: 'http', status: 400, message: GROUP_NAME_EXISTS }))
      .mockResolvedValueOnce(
        group(9, { groupName: 'Field sales', totalUsers: 0, lastUpdated: new Date().toISOString() }),
      );
    renderPage({ createGroup });
    await screen.findByRole('list', { name: 'Groups' });
    fireEvent.click(screen.getByRole('button', { name: 'New group' }));
    const name = screen.getByLabelText('Group name');
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('Give the group a name.')).toBeTruthy();
    expect(createGroup).not.toHaveBeenCalled();
    fireEvent.change(name, { target: { value: 'Default Team' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText(GROUP_NAME_EXISTS)).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Field sales' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Field sales' })).toBeTruthy();
    expect(groupButtons()[0]).toBe('Field sales0 users · just now');
    expect(screen.getByText('3 groups')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Field sales/ }).getAttribute('aria-current')).toBe('true');
    expect(screen.queryByLabelText('Group name')).toBeNull();
  });

  it('adds a user with a tick and shows the new count; deletes after a confirmation and selects the next', async () => {
    const changeGroupUsers = vi.fn(async () => group(2, { totalUsers: 2 }));
    const deleteGroup = vi.fn(async () => {});
    renderPage({ changeGroupUsers, deleteGroup });
    const dana = (await screen.findByLabelText(/Dana Demo/)) as HTMLInputElement;
    expect(dana.checked).toBe(false);
    await act(async () => fireEvent.click(dana));
    expect(changeGroupUsers).toHaveBeenCalledWith(
      { groupId: 2, userIds: [2], change: 'add' },
      expect.anything(),
    );
    expect(await screen.findByText(/2 users · updated/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete group' }));
    const dialog = await screen.findByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete group' })));
    expect(deleteGroup).toHaveBeenCalledWith(2, expect.anything());
    expect(await screen.findByRole('heading', { level: 2, name: 'Default team' })).toBeTruthy();
    expect(groupButtons()).toHaveLength(1);
    expect(screen.getByText('1 group')).toBeTruthy();
  });

  it('says so when the groups cannot be loaded, and loads again on Retry', async () => {
    const listGroups = vi
      .fn<AudienceApi['listGroups']>()
      .mockRejectedValueOnce(new ApiError({ kind: 'network', status: 0, message: 'Offline.' }))
      .mockResolvedValueOnce({ total_count: 0, data: [] });
    renderPage({ listGroups });
    expect(await screen.findByText('The groups could not be loaded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Retry|Try again/ }));
    expect(await screen.findByText('No groups yet')).toBeTruthy();
  });
});
