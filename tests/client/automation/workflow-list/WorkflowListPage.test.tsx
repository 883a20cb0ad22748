import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkflowSummary } from '../../../../domain/workflowTypes.ts';
import type { DeleteWorkflowsInput, UserWorkflowsQuery } from '../../../../src/api/workflowApi.ts';
import { WorkflowListPage } from '../../../../src/modules/automation/components/workflow-list/WorkflowListPage.tsx';
import { refused, renderScreen, stubApi, summary } from '../automationFixtures.tsx';

afterEach(() => cleanup());

type Page = { data: WorkflowSummary[]; total_count: number; total_active_count: number };

function listApi(page: (query: UserWorkflowsQuery) => Page, overrides = {}) {
  const getUserWorkflows = vi.fn(async (query: UserWorkflowsQuery) => ({
    success: true as const,
    ...page(query),
  }));
  return { api: stubApi({ getUserWorkflows, ...overrides }), getUserWorkflows };
}

const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

describe('WorkflowListPage', () => {
  it('shows the rows, a status on every row and the counts with thousands separators', async () => {
    const { api, getUserWorkflows } = listApi(() => ({
      data: [summary(1), summary(2, { status: 'inactive' }), summary(3, { status: 'draft' })],
      total_count: 12345,
      total_active_count: 1234,
    }));
    renderScreen(<WorkflowListPage />, api);
    expect(await screen.findByRole('link', { name: 'Workflow 1' })).toBeTruthy();
    expect(getUserWorkflows.mock.calls[0]![0]).toEqual({
      offset: 0,
      limit: 20,
      workflowName: '',
      filterType: 'all',
    });
    expect(screen.getByTestId('workflow-total').textContent).toBe('12,345');
    expect(screen.getByTestId('workflow-active').textContent).toBe('1,234');
    expect(within(rowOf('Workflow 1')).getByText('Active')).toBeTruthy();
    expect(within(rowOf('Workflow 2')).getByText('Inactive')).toBeTruthy();
    expect(within(rowOf('Workflow 3')).getByText('Draft')).toBeTruthy();
    expect(screen.getByText(/Showing/).textContent).toBe('Showing 3 of 12,345 workflows');
    fireEvent.click(screen.getByRole('button', { name: 'Show more workflows' }));
    await waitFor(() =>
      expect(getUserWorkflows.mock.calls.at(-1)![0]).toEqual({
        offset: 3,
        limit: 20,
        workflowName: '',
        filterType: 'all',
      }),
    );
  });

  it('searches 300 ms after typing stops; blank text after trimming resets the search', async () => {
    const { api, getUserWorkflows } = listApi((query) => ({
      data: [summary(1, { name: query.workflowName ? `Match ${query.workflowName}` : 'Workflow 1' })],
      total_count: 1,
      total_active_count: 1,
    }));
    renderScreen(<WorkflowListPage />, api);
    await screen.findByRole('link', { name: 'Workflow 1' });
    vi.useFakeTimers();
    try {
      const field = screen.getByLabelText('Search workflows');
      fireEvent.change(field, { target: { value: 'w' } });
      fireEvent.change(field, { target: { value: 'welcome ' } });
      await act(async () => vi.advanceTimersByTime(299));
      expect(getUserWorkflows).toHaveBeenCalledTimes(1);
      await act(async () => vi.advanceTimersByTime(1));
      expect(getUserWorkflows).toHaveBeenCalledTimes(2);
      expect(getUserWorkflows.mock.calls[1]![0]).toMatchObject({ workflowName: 'welcome', offset: 0 });
      fireEvent.change(field, { target: { value: '   ' } });
      await act(async () => vi.advanceTimersByTime(300));
      expect(getUserWorkflows.mock.calls.at(-1)![0]).toMatchObject({ workflowName: '' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('names what each workflow starts from: the email, the list or the share profile (not its uuid)', async () => {
    const { api } = listApi(() => ({
      data: [
        summary(1),
        summary(2, { trigger_id: 14, email_id: null, email_name: null, list_id: 5, list_name: 'Engaged' }),
        summary(3, {
          trigger_id: 10,
          trigger_name: 'Share profile',
          email_id: null,
          email_name: null,
          sp_uuid: '5f0c2a8e-0000-4000-8000-000000000001',
          sp_name: 'Account executive profile',
        }),
      ],
      total_count: 3,
      total_active_count: 3,
    }));
    renderScreen(<WorkflowListPage />, api);
    await screen.findByRole('link', { name: 'Workflow 3' });
    expect(within(rowOf('Workflow 1')).getByText('Welcome')).toBeTruthy();
    expect(within(rowOf('Workflow 2')).getByText('Engaged')).toBeTruthy();
    expect(within(rowOf('Workflow 3')).getByText('Account executive profile')).toBeTruthy();
    expect(rowOf('Workflow 3').textContent).not.toContain('5f0c2a8e');
  });

  it('shows a refused load (success false) as an error on the search field', async () => {
    const { api } = listApi(() => {
      throw refused('Search text is too long.');
    });
    renderScreen(<WorkflowListPage />, api);
    expect(await screen.findByText('Search text is too long.')).toBeTruthy();
    // The load has ended: nothing says it is still loading.
    expect(screen.queryByText('Loading your workflows…')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Your workflows could not be loaded' })).toBeTruthy();
  });

  it('filters; pausing a workflow under the active filter removes it from the view', async () => {
    const setWorkflowStatus = vi.fn(async (id: number, status: 'active' | 'inactive') => ({
      success: true as const,
      message: 'ok',
      data: summary(id, { status }),
      total_active_count: 4,
    }));
    const { api, getUserWorkflows } = listApi(
      (query) => ({
        data: [summary(1), summary(2)],
        total_count: query.filterType === 'active' ? 2 : 9,
        total_active_count: 5,
      }),
      { setWorkflowStatus },
    );
    renderScreen(<WorkflowListPage />, api);
    await screen.findByRole('link', { name: 'Workflow 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Active' }));
    await waitFor(() => expect(screen.getByTestId('workflow-total').textContent).toBe('2'));
    expect(getUserWorkflows.mock.calls.at(-1)![0]).toMatchObject({ filterType: 'active', offset: 0 });

    fireEvent.click(screen.getByRole('button', { name: 'Pause Workflow 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause this workflow?' });
    expect(
      within(dialog).getByText(
        'All actions and conditions within the workflow will be halted for the enrolled contacts until you reactivate it.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause workflow' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Workflow 1' })).toBeNull());
    expect(setWorkflowStatus).toHaveBeenCalledWith(1, 'inactive', expect.anything());
    expect(screen.getByTestId('workflow-total').textContent).toBe('1');
    expect(screen.getByTestId('workflow-active').textContent).toBe('4');
    // The inactive warning shows again as the toast of the finished pause.
    await waitFor(() =>
      expect(screen.getAllByText(/will be halted for the enrolled contacts/).length).toBe(1),
    );
  });

  it('resumes from the list, and shows "Error in resuming the Workflow" when it fails', async () => {
    let fail = true;
    const setWorkflowStatus = vi.fn(async (id: number, status: 'active' | 'inactive') => {
      if (fail) throw new Error('offline');
      return { success: true as const, message: 'ok', data: summary(id, { status }), total_active_count: 1 };
    });
    const { api } = listApi(
      () => ({ data: [summary(2, { status: 'inactive' })], total_count: 1, total_active_count: 0 }),
      { setWorkflowStatus },
    );
    renderScreen(<WorkflowListPage />, api);
    fireEvent.click(await screen.findByRole('button', { name: 'Resume Workflow 2' }));
    expect(await screen.findByText('Error in resuming the Workflow')).toBeTruthy();
    expect(within(rowOf('Workflow 2')).getByText('Inactive')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Resume Workflow 2' }));
    expect(await screen.findByText('Your workflow has been reactivated')).toBeTruthy();
    expect(within(rowOf('Workflow 2')).getByText('Active')).toBeTruthy();
    expect(screen.getByTestId('workflow-active').textContent).toBe('1');
  });

  it('clones after confirmation: the copy goes first and the total rises', async () => {
    const cloneWorkflow = vi.fn(async () => ({
      success: true as const,
      message: 'Workflow Cloned',
      data: summary(50, { name: 'Workflow 1 (copy)', status: 'draft' }),
    }));
    const { api } = listApi(() => ({ data: [summary(1)], total_count: 1999, total_active_count: 1 }), {
      cloneWorkflow,
    });
    renderScreen(<WorkflowListPage />, api);
    fireEvent.click(await screen.findByRole('button', { name: 'Clone Workflow 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cloning this workflow' });
    expect(within(dialog).getByText('Are you sure you want to clone this workflow?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clone' }));
    expect(await screen.findByRole('dialog', { name: 'Workflow Cloned' })).toBeTruthy();
    expect(cloneWorkflow).toHaveBeenCalledWith(1, expect.anything());
    // The list takes the copy in its own render, after the dialog's.
    await waitFor(() => {
      const links = screen
        .getAllByRole('link')
        .filter((a) => a.getAttribute('href')?.includes('workflow_id'));
      expect(links[0]?.textContent).toBe('Workflow 1 (copy)');
    });
    expect(screen.getByTestId('workflow-total').textContent).toBe('2,000');
  });

  it('shows the server message when cloning is refused', async () => {
    const message = 'Cannot clone: Obtain permissions for all emails in the workflow before cloning';
    const { api } = listApi(() => ({ data: [summary(1)], total_count: 1, total_active_count: 1 }), {
      cloneWorkflow: vi.fn(async () => Promise.reject(refused(message))),
    });
    renderScreen(<WorkflowListPage />, api);
    fireEvent.click(await screen.findByRole('button', { name: 'Clone Workflow 1' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clone' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Cloning this workflow' })).toBeTruthy();
  });

  it('deletes with select-all minus one after confirmation, then reloads', async () => {
    const deleteWorkflows = vi.fn(async (_input: DeleteWorkflowsInput) => ({
      success: true as const,
      deleted_count: 41,
      total_count: 1,
      total_active_count: 1,
    }));
    const { api, getUserWorkflows } = listApi(
      () => ({ data: [summary(1), summary(2)], total_count: 42, total_active_count: 40 }),
      { deleteWorkflows },
    );
    renderScreen(<WorkflowListPage />, api);
    await screen.findByRole('link', { name: 'Workflow 1' });
    fireEvent.click(screen.getByLabelText('Select all 42 workflows'));
    fireEvent.click(screen.getByLabelText('Select Workflow 2'));
    expect(screen.getByText('41 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 41 workflows?' });
    const loadsBefore = getUserWorkflows.mock.calls.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete workflows' }));
    await waitFor(() => expect(deleteWorkflows).toHaveBeenCalled());
    expect(deleteWorkflows.mock.calls[0]![0]).toEqual({
      selectAll: true,
      excludedIds: [2],
      searchTerm: '',
      filterType: 'all',
    });
    expect(await screen.findByText('41 workflows deleted.')).toBeTruthy();
    await waitFor(() => expect(getUserWorkflows.mock.calls.length).toBe(loadsBefore + 1));
    expect(screen.queryByText('41 selected')).toBeNull();
  });

  it('with no workflows at all, the empty state leads to create', async () => {
    const { api, getUserWorkflows } = listApi(() => ({ data: [], total_count: 0, total_active_count: 0 }));
    const { router } = renderScreen(<WorkflowListPage />, api);
    expect(await screen.findByRole('heading', { name: 'No workflows yet' })).toBeTruthy();
    expect(getUserWorkflows).toHaveBeenCalledTimes(1);
    const links = screen.getAllByRole('link', { name: 'Create workflow' });
    fireEvent.click(links.at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/automation/create'));
  });

  it('a failed load shows an error with Try again', async () => {
    let fail = true;
    const { api } = listApi(() => {
      if (fail) throw new Error('offline');
      return { data: [summary(1)], total_count: 1, total_active_count: 1 };
    });
    renderScreen(<WorkflowListPage />, api);
    expect(await screen.findByRole('heading', { name: 'Your workflows could not be loaded' })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Workflow 1' })).toBeTruthy();
  });

  it('is a link: search, filter and the rows shown come from the address, and a new filter is written back', async () => {
    const { api, getUserWorkflows } = listApi((query) => ({
      data: [summary(1, { name: `Match ${query.workflowName}` })],
      total_count: 45,
      total_active_count: 3,
    }));
    const { router } = renderScreen(
      <WorkflowListPage />,
      api,
      '/automation?q=welcome&filter=active&offset=20',
    );
    expect(await screen.findByRole('link', { name: 'Match welcome' })).toBeTruthy();
    // Opened at offset 20: the rows up to that page, in one request.
    expect(getUserWorkflows.mock.calls[0]![0]).toEqual({
      offset: 0,
      limit: 40,
      workflowName: 'welcome',
      filterType: 'active',
    });
    expect((screen.getByLabelText('Search workflows') as HTMLInputElement).value).toBe('welcome');
    fireEvent.click(screen.getByRole('button', { name: 'Inactive' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'welcome', filter: 'inactive' }));
    expect(getUserWorkflows.mock.calls.at(-1)![0]).toMatchObject({ filterType: 'inactive', offset: 0 });
  });
});
