import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor as waitForActor } from 'xstate';
import { type UserApi, userApi } from '../../../src/api/userApi.ts';
import { WelcomePage } from '../../../src/modules/onboarding/components/WelcomePage.tsx';
import { pendingTourStart } from '../../../src/modules/onboarding/tours/pendingTourStart.ts';
import { signInLanding } from '../../../src/router/routeTable.ts';
import { currentUserOf, SignedIn, userData } from './onboardingFixtures.tsx';

afterEach(() => {
  cleanup();
  pendingTourStart.clear();
});

async function renderWelcome(user = userData()) {
  const api = {
    ...userApi,
    profileLogin: vi.fn<UserApi['profileLogin']>(async () => true),
    changeSetting: vi.fn<UserApi['changeSetting']>(async () => {}),
  };
  const actor = currentUserOf(user);
  await waitForActor(actor, (s) => s.matches('ready'));
  const root = createRootRoute();
  const routes = ['/welcome', '/content/search', '/campaigns'].map((path) =>
    createRoute({
      getParentRoute: () => root,
      path,
      component: path === '/welcome' ? WelcomePage : () => null,
    }),
  );
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: ['/welcome'] }),
  });
  render(
    <SignedIn actor={actor} services={{ userApi: api }}>
      <RouterProvider router={router} />
    </SignedIn>,
  );
  return { api, actor, router };
}

describe('WelcomePage', () => {
  it('ends the first visit, so later sign-ins land on the campaigns', async () => {
    const { api, actor } = await renderWelcome();
    expect(await screen.findByRole('heading', { name: 'Welcome to Workbench, Erin', level: 1 })).toBeTruthy();
    await waitFor(() => expect(api.profileLogin).toHaveBeenCalled());
    await waitFor(() => expect(actor.getSnapshot().context.user?.first_login_workbench).toBe(false));
  });

  it('lists the first steps with where each tour stands', async () => {
    await renderWelcome(userData({ onboarding_steps: { campaigns: 1, audiences: 4 } }));
    const steps = await screen.findByRole('list', { name: 'First steps' });
    expect(steps.querySelectorAll('li')).toHaveLength(4);
    expect(screen.getAllByText('4-step tour')).toHaveLength(2);
    expect(screen.getByText('Tour at step 2 of 3')).toBeTruthy();
    expect(screen.getByText('Tour taken')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resume the tour: Campaigns' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Take it again: Audiences' })).toBeTruthy();
  });

  it('opens the first useful step with its tour asked for', async () => {
    const { router } = await renderWelcome();
    fireEvent.click(await screen.findByRole('button', { name: 'Take the tour: Content explorer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/content/search'));
    expect(pendingTourStart.take('content_explorer')).toBe(true);
  });

  it('turns the tour offers off and on (show_msg)', async () => {
    const { api, actor } = await renderWelcome();
    const box = await screen.findByRole('checkbox', {
      name: 'Offer a tour on each page I have not toured yet',
    });
    expect((box as HTMLInputElement).checked).toBe(true);
    fireEvent.click(box);
    await waitFor(() => expect(api.changeSetting).toHaveBeenCalledWith('show_msg', false, expect.anything()));
    await waitFor(() => expect(actor.getSnapshot().context.user?.show_msg).toBe(false));
  });
});

describe('signInLanding', () => {
  it('sends a first sign-in to /welcome and any later one to the campaigns', () => {
    expect(signInLanding({ first_login_workbench: true })).toBe('/welcome');
    expect(signInLanding({ first_login_workbench: false })).toBe('/campaigns');
  });
});
