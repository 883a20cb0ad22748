import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor as waitForActor } from 'xstate';
import type { UserData } from '../../../domain/userData.ts';
import { type UserApi, userApi } from '../../../src/api/userApi.ts';
import { AreaTour } from '../../../src/modules/onboarding/components/AreaTour.tsx';
import { pendingTourStart } from '../../../src/modules/onboarding/tours/pendingTourStart.ts';
import type { PageTour } from '../../../src/modules/shared/utils/pageTour.ts';
import { currentUserOf, SignedIn, userData } from './onboardingFixtures.tsx';

const original = Element.prototype.scrollIntoView;
beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  Element.prototype.scrollIntoView = original;
  pendingTourStart.clear();
});

function stubUserApi() {
  return {
    ...userApi,
    keepOnboardingStep: vi.fn<UserApi['keepOnboardingStep']>(async (key, step) => ({ key, step })),
    changeSetting: vi.fn<UserApi['changeSetting']>(async () => {}),
  };
}

/** The tour of the page at `at`, as the shell mounts it, for a signed-in `user`. */
async function renderTourAt(at: string, user: UserData) {
  const api = stubUserApi();
  const pageTours: (PageTour | null)[] = [];
  const actor = currentUserOf(user);
  await waitForActor(actor, (s) => s.matches('ready'));
  const root = createRootRoute();
  const page = createRoute({
    getParentRoute: () => root,
    path: '$',
    component: () => (
      <>
        <AreaTour onPageTour={(tour) => pageTours.push(tour)} />
        <a href="/automation/create">Create workflow</a>
      </>
    ),
  });
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: [at] }),
  });
  render(
    <SignedIn actor={actor} services={{ userApi: api }}>
      <RouterProvider router={router} />
    </SignedIn>,
  );
  return { api, actor, pageTours };
}

describe('AreaTour', () => {
  it('offers a tour never taken, and runs it from its first step', async () => {
    const { api } = await renderTourAt('/automation', userData());
    expect(await screen.findByText('New to Automation? A 4-step tour shows you around.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start the tour' }));
    expect(await screen.findByRole('dialog', { name: 'Create a workflow' })).toBeTruthy();
    await waitFor(() =>
      expect(api.keepOnboardingStep).toHaveBeenCalledWith('automation', 0, expect.anything()),
    );
    // The offer steps aside while the tour runs.
    expect(screen.queryByText(/A 4-step tour/)).toBeNull();
  });

  it('offers to resume a tour left on another device at its kept step, and keeps the next step', async () => {
    const { api, actor } = await renderTourAt(
      '/automation',
      userData({ onboarding_steps: { automation: 2 } }),
    );
    expect(await screen.findByText('You left the Automation tour at step 3 of 4.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resume the tour' }));
    expect(await screen.findByRole('dialog', { name: 'Active or paused' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(api.keepOnboardingStep).toHaveBeenLastCalledWith('automation', 3, expect.anything()),
    );
    // The signed-in user's data follows the kept step.
    await waitFor(() => expect(actor.getSnapshot().context.user?.onboarding_steps.automation).toBe(3));
  });

  it('offers nothing for a finished tour, and nothing once tours are not offered (show_msg 0)', async () => {
    await renderTourAt('/automation', userData({ onboarding_steps: { automation: 4 } }));
    await renderTourAt('/content/search', userData({ show_msg: false }));
    expect(screen.queryByRole('region', { name: /tour/ })).toBeNull();
  });

  it('hands the user menu the page’s tour, which takes it even when tours are not offered', async () => {
    const { pageTours } = await renderTourAt(
      '/automation',
      userData({ show_msg: false, onboarding_steps: { automation: 1 } }),
    );
    await waitFor(() => expect(pageTours.at(-1)?.label).toBe('Resume the Automation tour at step 2 of 4'));
    act(() => pageTours.at(-1)?.take());
    expect(await screen.findByRole('dialog', { name: 'Your workflows at a glance' })).toBeTruthy();
  });

  it('"Don’t offer tours" turns the offers off for the user', async () => {
    const { api, actor } = await renderTourAt('/audiences/people', userData());
    await screen.findByText(/New to Audiences\?/);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Don’t offer tours' }));
    });
    await waitFor(() => expect(screen.queryByText(/New to Audiences\?/)).toBeNull());
    expect(api.changeSetting).toHaveBeenCalledWith('show_msg', false, expect.anything());
    expect(actor.getSnapshot().context.user?.show_msg).toBe(false);
  });

  it('starts the tour a link asked for as its page appears', async () => {
    pendingTourStart.ask('campaigns');
    await renderTourAt('/campaigns', userData({ onboarding_steps: { campaigns: 1 } }));
    expect(await screen.findByRole('dialog', { name: 'Find a campaign' })).toBeTruthy();
  });

  it('has no tour on a page outside the toured areas', async () => {
    const { pageTours } = await renderTourAt('/mailbox', userData());
    expect(screen.queryByText(/tour/i)).toBeNull();
    expect(pageTours.filter(Boolean)).toEqual([]);
  });
});
