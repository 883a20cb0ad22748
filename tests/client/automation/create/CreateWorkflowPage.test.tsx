import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreateWorkflowInput, UserEmailsQuery } from '../../../../src/api/workflowApi.ts';
import { CreateWorkflowPage } from '../../../../src/modules/automation/components/create/CreateWorkflowPage.tsx';
import { email, renderScreen, stubApi, summary, TRIGGERS } from '../automationFixtures.tsx';

afterEach(() => cleanup());

function createApi() {
  const getUserEmails = vi.fn(async (query: UserEmailsQuery) => ({
    success: true as const,
    data: {
      emails: query.searchTerm
        ? [email(5, { email_name: `Found ${query.searchTerm}`, design_ready: false })]
        : Array.from({ length: 10 }, (_, i) => email(query.offset + i + 1)),
    },
    total_count: query.searchTerm ? 1 : 25,
    internal_user: false,
  }));
  const createWorkflow = vi.fn(async (input: CreateWorkflowInput) => ({
    success: true as const,
    workflow_id: 77,
    data: summary(77, { name: input.workflowName, status: 'draft' }),
  }));
  const api = stubApi({
    getWorkflowTriggers: vi.fn(async () => ({ success: true as const, data: TRIGGERS })),
    getUserEmails,
    getUserContactLists: vi.fn(async (name: string) => ({
      success: true as const,
      data: [
        { list_id: 3, list_name: 'Newsletter', contact_count: 12500 },
        { list_id: 4, list_name: `Leads${name}`, contact_count: 3 },
      ],
    })),
    getUserStaticData: vi.fn(async () => ({
      success: true as const,
      data: {
        timezones: [],
        weekdays: [],
        hours: [],
        day_options: [],
        templates: [],
        signatures: [],
        share_profiles: [{ sp_uuid: 'ab12', name: 'Sales profile' }],
      },
    })),
    createWorkflow,
  });
  return { api, getUserEmails, createWorkflow };
}

describe('CreateWorkflowPage', () => {
  it('offers a card per trigger; an email trigger picks an email from a paged, searchable picker', async () => {
    const { api, getUserEmails, createWorkflow } = createApi();
    const { router } = renderScreen(<CreateWorkflowPage />, api, '/automation/create');
    const group = await screen.findByRole('group', { name: '1. Choose what starts the workflow' });
    expect(within(group).getAllByRole('radio')).toHaveLength(6);
    fireEvent.click(within(group).getByLabelText(/Email open/));

    const first = await screen.findByRole('radio', { name: 'Email 1' });
    const option = first.closest('label') as HTMLElement;
    // The email version's fields: name, subject, campaign, sender, address, date, design-ready, platform.
    expect(option.textContent).toContain('Subject: Subject 1');
    expect(option.textContent).toContain('Autumn launch');
    expect(option.textContent).toContain('Dana Demo <dana@example.com>');
    expect(option.textContent).toContain('Created Oct 1, 2026');
    expect(within(option).getByText('Design ready')).toBeTruthy();
    expect(within(option).getByText('Gmail')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show more emails' }));
    await screen.findByRole('radio', { name: 'Email 11' });
    // The next page is appended to the first.
    expect(screen.getByRole('radio', { name: 'Email 1' })).toBeTruthy();
    expect(getUserEmails.mock.calls.at(-1)![0]).toMatchObject({ offset: 10, limit: 10 });

    fireEvent.change(screen.getByLabelText('Search emails'), { target: { value: ' promo ' } });
    await waitFor(() => expect(getUserEmails.mock.calls.at(-1)![0]).toMatchObject({ searchTerm: 'promo' }), {
      timeout: 3000,
    });
    const found = await screen.findByRole('radio', { name: 'Found promo' });
    expect(getUserEmails.mock.calls.at(-1)![0]).toMatchObject({ offset: 0, searchTerm: 'promo' });
    expect(within(found.closest('label') as HTMLElement).getByText('Design not ready')).toBeTruthy();
    fireEvent.click(found);

    expect((screen.getByLabelText('Workflow name') as HTMLInputElement).value).toBe('New Workflow');
    fireEvent.click(screen.getByRole('button', { name: 'Create workflow' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/automation/details'));
    expect(router.state.location.search).toEqual({ workflow_id: '77' });
    expect(createWorkflow.mock.calls[0]![0]).toEqual({
      triggerId: 7,
      emailId: 5,
      listId: undefined,
      spUuid: undefined,
      workflowName: 'New Workflow',
    });
  });

  it('a list trigger picks a list; the name is editable', async () => {
    const { api, createWorkflow } = createApi();
    renderScreen(<CreateWorkflowPage />, api, '/automation/create');
    fireEvent.click(await screen.findByLabelText(/Subscribes to a list/));
    expect(await screen.findByText('12,500 contacts')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /Newsletter/ }));
    fireEvent.change(screen.getByLabelText('Workflow name'), { target: { value: 'Welcome series' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create workflow' }));
    await waitFor(() => expect(createWorkflow).toHaveBeenCalled());
    expect(createWorkflow.mock.calls[0]![0]).toMatchObject({
      triggerId: 14,
      listId: 3,
      workflowName: 'Welcome series',
    });
  });

  it('a share-profile trigger picks a share profile; nothing is sent until one is chosen', async () => {
    const { api, createWorkflow } = createApi();
    renderScreen(<CreateWorkflowPage />, api, '/automation/create');
    fireEvent.click(await screen.findByLabelText(/Share profile/));
    await screen.findByRole('radio', { name: 'Sales profile' });
    fireEvent.click(screen.getByRole('button', { name: 'Create workflow' }));
    expect(await screen.findByText('Choose a share profile.')).toBeTruthy();
    expect(createWorkflow).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('radio', { name: 'Sales profile' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create workflow' }));
    await waitFor(() => expect(createWorkflow).toHaveBeenCalled());
    expect(createWorkflow.mock.calls[0]![0]).toMatchObject({ triggerId: 10, spUuid: 'ab12' });
  });

  it('with no emails at all, says where emails are made and links there', async () => {
    const api = stubApi({
      getWorkflowTriggers: vi.fn(async () => ({ success: true as const, data: TRIGGERS })),
      getUserEmails: vi.fn(async () => ({
        success: true as const,
        data: { emails: [] },
        total_count: 0,
        internal_user: false,
      })),
    });
    renderScreen(<CreateWorkflowPage />, api, '/automation/create');
    const group = await screen.findByRole('group', { name: '1. Choose what starts the workflow' });
    fireEvent.click(within(group).getByLabelText(/Email open/));
    await screen.findByText('No emails yet');
    const link = screen.getByRole('link', { name: 'Campaigns' });
    expect(link.getAttribute('href')).toBe('/campaigns');
    expect(link.closest('.ui-state')?.textContent ?? link.parentElement?.textContent).toMatch(
      /Emails are made in Campaigns: the emails you make there/,
    );
  });
});
