import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FEATURE_MISSING_TEXT } from '../../../domain/featureFlags.ts';
import { audienceSectionOf } from '../../../src/modules/audiences/audienceSections.ts';
import { AudiencesPage } from '../../../src/modules/audiences/components/AudiencesPage.tsx';
import { appServices, ServicesContext } from '../../../src/modules/shared/hooks/ServicesContext.ts';
import { ToastProvider } from '../../../src/ui/ToastProvider.tsx';

const empty = { total_count: 0, has_more: false, data: [] };
/** People answer an empty organisation (no request leaves the test). */
const services = {
  ...appServices,
  audienceApi: {
    ...appServices.audienceApi,
    listPeople: async () => empty,
    peopleTabCounts: async () => ({ all: 0, profiled: 0, unprofiled: 0 }),
    listAccounts: async () => empty,
  },
};

afterEach(cleanup);

function renderAt(path: string, salesUsage: boolean | null = true) {
  const root = createRootRoute();
  const audiences = createRoute({
    getParentRoute: () => root,
    path: '/audiences/{-$page}/{-$tab}/{-$subTab}',
    component: function Audiences() {
      const params = audiences.useParams() as { page?: string; tab?: string; subTab?: string };
      const section = audienceSectionOf(params.page);
      return section ? (
        <AudiencesPage section={section} params={params} salesUsage={salesUsage} />
      ) : (
        <p>Not found</p>
      );
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([audiences]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <ServicesContext.Provider value={services}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </ServicesContext.Provider>,
  );
}

describe('AudiencesPage', () => {
  it('opens on People, with every section in the navigation and the current one marked', async () => {
    renderAt('/audiences');
    const nav = await screen.findByRole('navigation', { name: 'Audience sections' });
    const links = Array.from(nav.querySelectorAll('a')).map((a) => a.textContent);
    expect(links).toEqual([
      'People',
      'Accounts',
      'Lists',
      'Forms',
      'Sales groups',
      'Consent proof',
      'Find and add',
    ]);
    expect(screen.getByRole('link', { name: 'People' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Lists' }).getAttribute('href')).toBe('/audiences/lists');
    expect(screen.getByRole('heading', { level: 1, name: 'People' })).toBeTruthy();
  });

  it('shows the section the address names; an unknown section is no section', async () => {
    renderAt('/audiences/forms/view/all');
    expect(await screen.findByRole('heading', { level: 1, name: 'Forms' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forms' }).getAttribute('aria-current')).toBe('page');
    expect(audienceSectionOf('nowhere')).toBeNull();
    expect(audienceSectionOf(undefined)).toBe('people');
  });

  it('without sales usage in the plan: no Sales groups link, and its address explains instead of calling', async () => {
    let groupCalls = 0;
    services.audienceApi = {
      ...services.audienceApi,
      listGroups: async (...args: Parameters<typeof appServices.audienceApi.listGroups>) => {
        groupCalls += 1;
        return appServices.audienceApi.listGroups(...args);
      },
    };
    renderAt('/audiences/groups', false);
    const nav = await screen.findByRole('navigation', { name: 'Audience sections' });
    expect(Array.from(nav.querySelectorAll('a')).map((a) => a.textContent)).not.toContain('Sales groups');
    expect(screen.getByRole('heading', { name: 'Sales groups are not in your plan' })).toBeTruthy();
    expect(screen.getByText(FEATURE_MISSING_TEXT.sales_usage)).toBeTruthy();
    expect(groupCalls).toBe(0);
  });
});
