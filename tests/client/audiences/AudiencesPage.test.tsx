import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { audienceSectionOf } from '../../../src/modules/audiences/audienceSections.ts';
import { AudiencesPage } from '../../../src/modules/audiences/components/AudiencesPage.tsx';

afterEach(cleanup);

function renderAt(path: string) {
  const root = createRootRoute();
  const audiences = createRoute({
    getParentRoute: () => root,
    path: '/audiences/{-$page}/{-$tab}/{-$subTab}',
    component: function Audiences() {
      return <AudiencesPage params={audiences.useParams()} />;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([audiences]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(<RouterProvider router={router} />);
}

describe('AudiencesPage', () => {
  it('opens on People, with every section in the navigation and the current one marked', async () => {
    renderAt('/audiences');
    const nav = await screen.findByRole('navigation', { name: 'Audience sections' });
    const links = Array.from(nav.querySelectorAll('a')).map((a) => a.textContent);
    expect(links).toEqual(['People', 'Accounts', 'Lists', 'Forms', 'Sales groups', 'Consent proof']);
    expect(screen.getByRole('link', { name: 'People' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Lists' }).getAttribute('href')).toBe('/audiences/lists');
    expect(screen.getByRole('heading', { level: 1, name: 'People' })).toBeTruthy();
  });

  it('shows the section the address names and a plain not-found for an unknown one', async () => {
    renderAt('/audiences/forms/view/all');
    expect(await screen.findByRole('heading', { level: 1, name: 'Forms' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forms' }).getAttribute('aria-current')).toBe('page');
    cleanup();
    renderAt('/audiences/nowhere');
    expect(await screen.findByRole('heading', { name: 'This page does not exist' })).toBeTruthy();
    expect(audienceSectionOf('nowhere')).toBeNull();
    expect(audienceSectionOf(undefined)).toBe('people');
  });
});
