import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AudienceListContact, AudienceListSummary } from '../../../domain/audienceLists.ts';
import { ApiError } from '../../../src/api/ApiError.ts';
import { type AudienceApi, audienceApi } from '../../../src/api/audienceApi.ts';
import { audienceSectionOf } from '../../../src/modules/audiences/audienceSections.ts';
import { AudiencesPage } from '../../../src/modules/audiences/components/AudiencesPage.tsx';
import { appServices, ServicesContext } from '../../../src/modules/shared/hooks/ServicesContext.ts';
import { ToastProvider } from '../../../src/ui/ToastProvider.tsx';
import { list } from './audienceFixtures.ts';
import '../jsdomDialog.ts';

afterEach(cleanup);

/** The first render of a screen can take over a second on a busy 2-core machine. */
const SLOW = { timeout: 5000 };

function renderLists(stubs: Partial<AudienceApi>, at = '/audiences/lists') {
  const root = createRootRoute();
  const audiences = createRoute({
    getParentRoute: () => root,
    path: '/audiences/{-$page}/{-$tab}/{-$subTab}',
    component: function Audiences() {
      const params = audiences.useParams() as { page?: string; tab?: string; subTab?: string };
      return <AudiencesPage section={audienceSectionOf(params.page) ?? 'lists'} params={params} salesUsage />;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([audiences]),
    history: createMemoryHistory({ initialEntries: [at] }),
  });
  render(
    <ServicesContext.Provider value={{ ...appServices, audienceApi: { ...audienceApi, ...stubs } }}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </ServicesContext.Provider>,
  );
  return router;
}

const cardNames = () =>
  screen.getAllByTestId('list-card').map((card) => within(card).getByRole('heading').textContent);

describe('Lists screen', () => {
  it('shows 8 cards at a time with abbreviated totals (exact on hover), creators and Show more', async () => {
    const listLists = vi.fn(async () => ({
      total_count: 9,
      data: [list(1, { totalContacts: 1540, totalSent: 2_500_000, last_used_by: 'Ada Admin' }), list(2)],
    }));
    renderLists({ listLists });
    expect(await screen.findByRole('heading', { name: 'List 1' }, SLOW)).toBeTruthy();
    expect(listLists).toHaveBeenCalledWith({ offset: 0, limit: 8, searchWord: '' }, expect.anything());
    const card = screen.getAllByTestId('list-card')[0]!;
    expect(within(card).getByText('1.5K').getAttribute('title')).toBe('1,540');
    expect(within(card).getByText('2.5M')).toBeTruthy();
    expect(within(card).getByText(/Last used by Ada Admin/)).toBeTruthy();
    expect(screen.getByText(/Showing/).textContent).toBe('Showing 2 of 9 lists');
    fireEvent.click(screen.getByRole('button', { name: 'Show more lists' }));
    await waitFor(() =>
      expect(listLists).toHaveBeenLastCalledWith({ offset: 2, limit: 8, searchWord: '' }, expect.anything()),
    );
  });

  it("shows 'List with that name already exists' on the name field, then creates the list on top", async () => {
    const createList = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError({ kind: 'http', status: 400, message: 'List with that name already exists' }),
      )
      .mockResolvedValueOnce(list(30, { list_name: 'Brand New', totalContacts: 0 }));
    renderLists({ listLists: async () => ({ total_count: 2, data: [list(1), list(2)] }), createList });
    fireEvent.click(await screen.findByRole('button', { name: 'New list' }, SLOW));
    const field = await screen.findByLabelText('List name');
    fireEvent.change(field, { target: { value: 'List 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create list' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'), SLOW);
    expect(screen.getByText('List with that name already exists')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'Brand New' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create list' }));
    await waitFor(() => expect(cardNames()).toEqual(['Brand New', 'List 1', 'List 2']), SLOW);
    expect(screen.getByTestId('lists-total').textContent).toBe('3 lists');
  });

  it('puts a clone right after its original and renames in place', async () => {
    const cloneList = vi.fn(async () => list(40, { list_name: 'Copy of List 1' }));
    const renameList = vi.fn(async () => list(2, { list_name: 'Second' }));
    renderLists({
      listLists: async () => ({ total_count: 3, data: [list(1), list(2), list(3)] }),
      cloneList,
      renameList,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Clone List 1' }, SLOW));
    await waitFor(() => expect(cardNames()).toEqual(['List 1', 'Copy of List 1', 'List 2', 'List 3']), SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Rename List 2' }));
    fireEvent.change(await screen.findByLabelText('List name'), { target: { value: 'Second' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(cardNames()).toEqual(['List 1', 'Copy of List 1', 'Second', 'List 3']), SLOW);
    expect(renameList).toHaveBeenCalledWith({ listId: 2, name: 'Second' }, expect.anything());
  });

  it('deletes after a confirmation, and shows why a list in use is kept', async () => {
    const deleteList = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError({
          kind: 'http',
          status: 400,
          message: 'This list is used by the workflow "Onboarding": change it to another list first.',
        }),
      )
      .mockResolvedValueOnce(2);
    let lists: AudienceListSummary[] = [list(1), list(2)];
    renderLists({ listLists: async () => ({ total_count: lists.length, data: lists }), deleteList });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete List 2' }, SLOW));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete list' }));
    expect(await screen.findByText(/used by the workflow "Onboarding"/)).toBeTruthy();
    lists = [list(1)];
    fireEvent.click(screen.getByRole('button', { name: 'Delete list' }));
    await waitFor(() => expect(cardNames()).toEqual(['List 1']), SLOW);
  });

  it('shows the empty and the error states', async () => {
    renderLists({ listLists: async () => ({ total_count: 0, data: [] }) });
    expect(await screen.findByText('No lists yet', {}, SLOW)).toBeTruthy();
    cleanup();
    renderLists({
      listLists: async () => {
        throw new ApiError({ kind: 'http', status: 500, message: 'The server is down.' });
      },
    });
    expect(await screen.findByText('Your lists could not be loaded')).toBeTruthy();
  });

  it('opens a list with its profiled contacts (10 a page, Show more) and non-profiled contacts, each with its standing', async () => {
    const contact = (id: number, personality: string | null, consent = true): AudienceListContact => ({
      contact_id: id,
      first_name: `First${id}`,
      last_name: 'Last',
      email: `c${id}@example.test`,
      designation: null,
      account_name: null,
      personality_type: personality,
      status: 'Subscribed',
      marketing_consent: consent,
      added_at: '2026-11-01T09:00:00.000Z',
    });
    const listContacts = vi.fn(async (input: { kind: string; offset: number }) =>
      input.kind === 'profiled'
        ? {
            total_count: 12,
            data: Array.from({ length: input.offset === 0 ? 10 : 2 }, (_, n) =>
              contact(n + 1 + input.offset, 'Steady'),
            ),
          }
        : { total_count: 1, data: [contact(99, null, false)] },
    );
    renderLists(
      {
        listDetails: async () => ({
          list: list(5, { list_name: 'Details list' }),
          profiled: { total_count: 0, data: [] },
          unprofiled: { total_count: 0, data: [] },
        }),
        listContacts,
      },
      '/audiences/lists/view?list_id=5',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Details list' }, SLOW)).toBeTruthy();
    expect(await screen.findByText('First1 Last')).toBeTruthy();
    expect(await screen.findByText('First99 Last')).toBeTruthy();
    // A Subscribed contact without marketing consent (a send leaves them out) says so.
    const withoutConsent = screen.getByText('First99 Last').closest('tr') as HTMLElement;
    expect(within(withoutConsent).getByText('No consent')).toBeTruthy();
    expect(within(withoutConsent).queryByText('Subscribed')).toBeNull();
    expect(
      within(screen.getByText('First1 Last').closest('tr') as HTMLElement).getByText('Subscribed'),
    ).toBeTruthy();
    expect(listContacts).toHaveBeenCalledWith(
      { listId: 5, kind: 'profiled', offset: 0, limit: 10 },
      expect.anything(),
    );
    const profiled = screen.getByRole('table', { name: 'Profiled contacts' });
    expect(within(profiled).getAllByRole('row')).toHaveLength(11);
    fireEvent.click(screen.getByRole('button', { name: 'Show more contacts' }));
    expect(await screen.findByText('First12 Last')).toBeTruthy();
    expect(within(profiled).getAllByRole('row')).toHaveLength(13);
    expect(screen.getByText('All 12 contacts shown')).toBeTruthy();
  });
});
