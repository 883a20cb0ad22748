import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { type PanelsActor, panelsMachine } from '../../../machines/panelsMachine.ts';
import { PageOverlay } from '../../../src/modules/shell/components/PageOverlay.tsx';
import { PanelsContext } from '../../../src/modules/shell/hooks/PanelsContext.ts';

afterEach(cleanup);

function renderAt(path: string): { panels: PanelsActor; navigate: (to: string) => Promise<void> } {
  const panels = createActor(panelsMachine, { input: { path } }).start();
  const root = createRootRoute({
    component: () => (
      <PanelsContext.Provider value={panels}>
        <Outlet />
        <PageOverlay />
      </PanelsContext.Provider>
    ),
  });
  const page = createRoute({ getParentRoute: () => root, path: '$', component: () => <p>page</p> });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(<RouterProvider router={router} />);
  return { panels, navigate: (to) => router.navigate({ to }) };
}

describe('PageOverlay', () => {
  it('shows at opacity 0.5 while a panel is open, locks scrolling, and a click closes the panels', async () => {
    const { panels } = renderAt('/audiences/people');
    await screen.findByText('page');
    expect(screen.queryByTestId('page-overlay')).toBeNull();
    act(() => {
      panels.send({ type: 'contact.edit', contactId: '9' });
      panels.send({ type: 'panel.open', panel: 'editContact' });
    });
    const overlay = await screen.findByTestId('page-overlay');
    expect(overlay.style.opacity).toBe('0.5');
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.click(overlay);
    expect(screen.queryByTestId('page-overlay')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(panels.getSnapshot().context.editContactId).toBeNull();
  });

  it('closes the panels of a page the person leaves', async () => {
    const { panels, navigate } = renderAt('/campaigns');
    await screen.findByText('page');
    act(() => panels.send({ type: 'panel.open', panel: 'curation' }));
    await screen.findByTestId('page-overlay');
    await act(() => navigate('/analytics'));
    expect(panels.getSnapshot().context).toMatchObject({ path: '/analytics', open: [] });
    expect(screen.queryByTestId('page-overlay')).toBeNull();
  });
});
