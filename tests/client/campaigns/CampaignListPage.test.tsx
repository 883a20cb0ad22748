import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampaignsPage } from '../../../domain/campaigns.ts';
import { ApiError } from '../../../src/api/ApiError.ts';
import { type CampaignApi, campaignApi } from '../../../src/api/campaignApi.ts';
import { CampaignsPage as CampaignsScreen } from '../../../src/modules/campaigns/components/CampaignsPage.tsx';
import { appServices, ServicesContext } from '../../../src/modules/shared/hooks/ServicesContext.ts';
import { ToastProvider } from '../../../src/ui/ToastProvider.tsx';
import { campaign, campaignsPage } from './campaignFixtures.ts';
import '../jsdomDialog.ts';

afterEach(cleanup);

const SLOW = { timeout: 5000 };

function renderCampaigns(stubs: Partial<CampaignApi>, at = '/campaigns') {
  const root = createRootRoute();
  const route = createRoute({
    getParentRoute: () => root,
    path: '/campaigns/{-$page}/{-$tab}/{-$subTab}',
    component: function Campaigns() {
      const params = route.useParams() as { page?: string };
      return <CampaignsScreen page={params.page} />;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([route]),
    history: createMemoryHistory({ initialEntries: [at] }),
  });
  render(
    <ServicesContext.Provider
      value={{ ...appServices, campaignApi: { ...campaignApi, users: async () => [], ...stubs } }}
    >
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </ServicesContext.Provider>,
  );
  return router;
}

const cardNames = () =>
  screen.getAllByTestId('campaign-card').map((card) => within(card).getByRole('heading').textContent);

describe('Campaign list screen', () => {
  it('shows loading, then cards with totals in K/M/B (exact on hover)', async () => {
    let answer: (page: CampaignsPage) => void = () => {};
    const listCampaigns = vi.fn(() => new Promise<CampaignsPage>((resolve) => (answer = resolve)));
    renderCampaigns({ listCampaigns });
    expect(await screen.findByText('Loading your campaigns…', {}, SLOW)).toBeTruthy();
    answer(
      campaignsPage([
        campaign(1, { totals: { contacts: 1540, sent: 2_500_000, delivered: 3, open: 2, clicks: 1 } }),
      ]),
    );
    const card = (await screen.findAllByTestId('campaign-card', {}, SLOW))[0]!;
    expect(within(card).getByText('1.5K').getAttribute('title')).toBe('1,540');
    expect(within(card).getByText('2.5M')).toBeTruthy();
    expect(screen.queryByText('Loading your campaigns…')).toBeNull();
    expect(listCampaigns).toHaveBeenCalledWith(
      { offset: 0, limit: 8, search: '', emailType: 'all', userId: null },
      expect.anything(),
    );
  });

  it('shows the empty state, and an error that leaves loading', async () => {
    renderCampaigns({
      listCampaigns: async () => campaignsPage([]),
      emailsWithoutCampaign: async () => ({ total_count: 0, marked_count: 0, data: [] }),
    });
    expect(await screen.findByText('Start your first campaign', {}, SLOW)).toBeTruthy();
    cleanup();
    renderCampaigns({
      listCampaigns: async () => {
        throw new ApiError({ kind: 'http', status: 500, message: 'The server is down.' });
      },
    });
    expect(await screen.findByText('Your campaigns could not be loaded', {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('Loading your campaigns…')).toBeNull();
  });

  it("a new organisation's empty list says what to do next and counts its starter emails, not 0 emails", async () => {
    const emailsWithoutCampaign = vi.fn(async () => ({ total_count: 3, marked_count: 0, data: [] }));
    renderCampaigns({ listCampaigns: async () => campaignsPage([]), emailsWithoutCampaign });
    const title = await screen.findByText('Start your first campaign', {}, SLOW);
    const panel = title.closest('.ui-state') as HTMLElement;
    await waitFor(() =>
      expect(panel.textContent).toContain('copy one of the 3 emails you already have outside campaigns'),
    );
    expect(within(panel).getByRole('link', { name: 'New campaign' }).getAttribute('href')).toBe(
      '/createcampaign',
    );
    expect(screen.queryByText(/0 emails/)).toBeNull();
    expect(screen.queryByTestId('campaigns-total')).toBeNull();
  });

  it('a newer search supersedes the load in flight without an error', async () => {
    const listCampaigns = vi.fn(
      (query: { search: string }, signal?: AbortSignal) =>
        new Promise<CampaignsPage>((resolve, reject) => {
          if (query.search === 'zeb') resolve(campaignsPage([campaign(7, { campaign_name: 'Zebra' })]));
          else if (query.search === '') resolve(campaignsPage([campaign(1)]));
          else signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    renderCampaigns({ listCampaigns });
    await screen.findAllByTestId('campaign-card', {}, SLOW);
    const field = screen.getByLabelText('Search campaigns');
    fireEvent.change(field, { target: { value: 'ze' } });
    await waitFor(
      () =>
        expect(listCampaigns).toHaveBeenLastCalledWith(
          expect.objectContaining({ search: 'ze' }),
          expect.anything(),
        ),
      SLOW,
    );
    fireEvent.change(field, { target: { value: 'zeb' } });
    await waitFor(() => expect(cardNames()).toEqual(['Zebra']), SLOW);
    expect(screen.queryByText('Your campaigns could not be loaded')).toBeNull();
  });

  it('appends the next page on Show more', async () => {
    const listCampaigns = vi.fn(async (query: { offset: number }) =>
      query.offset === 0
        ? campaignsPage(
            [1, 2, 3, 4, 5, 6, 7, 8].map((n) => campaign(n)),
            10,
          )
        : campaignsPage([campaign(9), campaign(10)], 10),
    );
    renderCampaigns({ listCampaigns });
    fireEvent.click(await screen.findByRole('button', { name: 'Show more campaigns' }, SLOW));
    await waitFor(() => expect(cardNames()).toHaveLength(10), SLOW);
    expect(cardNames()[0]).toBe('Campaign 1');
    expect(cardNames()[9]).toBe('Campaign 10');
    expect(listCampaigns).toHaveBeenLastCalledWith(expect.objectContaining({ offset: 8 }), expect.anything());
    expect(screen.queryByRole('button', { name: 'Show more campaigns' })).toBeNull();
    expect(screen.getByText('All 10 campaigns shown')).toBeTruthy();
  });

  it('filters by email type (the filter map) from the first page', async () => {
    const listCampaigns = vi.fn(async () => campaignsPage([campaign(1)]));
    renderCampaigns({ listCampaigns });
    const select = await screen.findByLabelText('Email type', {}, SLOW);
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Types', 'Ad hoc Emails', 'Digest Emails', 'AI Emails']);
    fireEvent.change(select, { target: { value: 'digest' } });
    await waitFor(
      () =>
        expect(listCampaigns).toHaveBeenLastCalledWith(
          expect.objectContaining({ emailType: '0', offset: 0 }),
          expect.anything(),
        ),
      SLOW,
    );
  });

  it('filters by user from the first page, the choice in the address', async () => {
    const listCampaigns = vi.fn(async () => campaignsPage([campaign(1)]));
    const router = renderCampaigns({
      listCampaigns,
      users: async () => [
        { user_id: 1001, first_name: 'Dana', last_name: 'Demo', name: 'Dana Demo', user_email: 'd@x.test' },
        { user_id: 1002, first_name: 'Ada', last_name: 'Admin', name: 'Ada Admin', user_email: 'a@x.test' },
      ],
    });
    const select = await screen.findByLabelText('By User', {}, SLOW);
    await within(select).findByRole('option', { name: 'Ada Admin' }, SLOW);
    fireEvent.change(select, { target: { value: '1002' } });
    await waitFor(
      () =>
        expect(listCampaigns).toHaveBeenLastCalledWith(
          expect.objectContaining({ userId: 1002, offset: 0 }),
          expect.anything(),
        ),
      SLOW,
    );
    expect(router.state.location.search).toMatchObject({ user_id: '1002' });
  });

  it('puts a clone right after its original with zeroed totals', async () => {
    const cloneCampaign = vi.fn(async () =>
      campaign(40, {
        campaign_name: 'Copy of Campaign 1',
        totals: { contacts: 0, sent: 0, delivered: 0, open: 0, clicks: 0 },
      }),
    );
    renderCampaigns({
      listCampaigns: async () => campaignsPage([campaign(1), campaign(2), campaign(3)]),
      cloneCampaign,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Clone Campaign 1' }, SLOW));
    await waitFor(
      () => expect(cardNames()).toEqual(['Campaign 1', 'Copy of Campaign 1', 'Campaign 2', 'Campaign 3']),
      SLOW,
    );
    const copy = screen.getAllByTestId('campaign-card')[1]!;
    expect(within(copy).getAllByText('0')).toHaveLength(5);
    expect(screen.getByTestId('campaigns-total').textContent).toContain('4 campaigns');
  });

  it('confirms a deletion naming the emails that go with it', async () => {
    const deleteCampaign = vi.fn(async (id: number) => id);
    renderCampaigns({
      listCampaigns: async () => campaignsPage([campaign(1), campaign(2)]),
      campaignDeletion: async () => ({
        campaign_id: 2,
        campaign_name: 'Campaign 2',
        emails: [{ email_id: 5, name: 'Weekly digest' }],
        sends: 12,
        workflows: [],
      }),
      deleteCampaign,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Campaign 2' }, SLOW));
    const emails = await screen.findByRole('list', { name: 'Emails that will be deleted' }, SLOW);
    expect(emails.textContent).toContain('Weekly digest');
    expect(screen.getByText(/records of 12 sends/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete campaign' }));
    await waitFor(() => expect(cardNames()).toEqual(['Campaign 1']), SLOW);
    expect(deleteCampaign).toHaveBeenCalledWith(2, expect.anything());
  });
});
