import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SourceFilterEntry } from '../../../domain/contentArticles.ts';
import { type CampaignApi, campaignApi } from '../../../src/api/campaignApi.ts';
import { type ContentApi, contentApi } from '../../../src/api/contentApi.ts';
import { CreateCampaignPage } from '../../../src/modules/campaigns/components/CreateCampaignPage.tsx';
import { appServices, ServicesContext } from '../../../src/modules/shared/hooks/ServicesContext.ts';
import { ToastProvider } from '../../../src/ui/ToastProvider.tsx';
import { campaign } from './campaignFixtures.ts';

afterEach(cleanup);
const SLOW = { timeout: 5000 };

const SOURCES: SourceFilterEntry[] = [
  {
    type: 'global',
    is_active: true,
    data: {
      name: 'Global pool',
      sources: [
        { id: 11, name: 'Wire One' },
        { id: 12, name: 'Wire Two' },
      ],
    },
  },
  {
    type: 'feed',
    is_active: true,
    data: {
      id: 4,
      name: 'Our newsroom',
      feed_url: 'https://example.com/feed.xml',
      kind: 'rss',
      last_fetched_at: null,
      last_error: null,
      articles_count: 3,
    },
  },
];

function renderCreate(content: Partial<ContentApi>, campaigns: Partial<CampaignApi>) {
  const root = createRootRoute();
  const create = createRoute({
    getParentRoute: () => root,
    path: '/createcampaign',
    component: CreateCampaignPage,
  });
  const detail = createRoute({
    getParentRoute: () => root,
    path: '/campaigns/{-$page}/{-$tab}/{-$subTab}',
    component: () => <p>Campaign page</p>,
  });
  const router = createRouter({
    routeTree: root.addChildren([create, detail]),
    history: createMemoryHistory({ initialEntries: ['/createcampaign'] }),
  });
  render(
    <ServicesContext.Provider
      value={{
        ...appServices,
        contentApi: { ...contentApi, ...content },
        campaignApi: { ...campaignApi, ...campaigns },
      }}
    >
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </ServicesContext.Provider>,
  );
}

describe('/createcampaign content sources', () => {
  it("offers the explorer's sources, everything included, and sends the chosen ones", async () => {
    const createCampaign = vi.fn(async () => campaign(9));
    renderCreate({ listSources: async () => SOURCES }, { createCampaign });
    const sources = await screen.findByRole('group', { name: 'Content sources' }, SLOW);
    const include = within(sources).getByRole('group', { name: 'Include sources' });
    const global = within(include).getByLabelText('Global pool (default)') as HTMLInputElement;
    const feed = within(include).getByLabelText('Our newsroom') as HTMLInputElement;
    expect(global.checked).toBe(true);
    expect(feed.checked).toBe(true);
    fireEvent.click(global);
    const exclude = within(sources).getByRole('group', { name: 'Exclude sources of the global pool' });
    fireEvent.click(within(exclude).getByLabelText('Wire Two'));
    fireEvent.change(screen.getByLabelText('Campaign name'), { target: { value: 'Own news only' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create campaign' }));
    await waitFor(() => expect(createCampaign).toHaveBeenCalled());
    expect(createCampaign).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Own news only', includeSources: ['4'], excludeSources: ['12'] }),
      expect.anything(),
    );
    expect(await screen.findByText('Campaign page', undefined, SLOW)).toBeTruthy();
  });

  it('stores the default (everything) when every source stays included, and still creates when sources fail', async () => {
    const createCampaign = vi.fn(async () => campaign(9));
    renderCreate(
      {
        listSources: async () => {
          throw new Error('down');
        },
      },
      { createCampaign },
    );
    expect(await screen.findByText('Your sources could not be loaded', undefined, SLOW)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Campaign name'), { target: { value: 'Plain' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create campaign' }));
    await waitFor(() =>
      expect(createCampaign).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'Plain', includeSources: [], excludeSources: [] }),
        expect.anything(),
      ),
    );
  });
});
