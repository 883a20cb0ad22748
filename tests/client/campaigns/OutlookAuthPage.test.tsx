import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
  useLocation,
} from '@tanstack/react-router';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/ApiError.ts';
import { type OutlookConnected, type SendApi, sendApi } from '../../../src/api/sendApi.ts';
import { OutlookAuthPage } from '../../../src/modules/campaigns/components/OutlookAuthPage.tsx';
import { appServices, ServicesContext } from '../../../src/modules/shared/hooks/ServicesContext.ts';
import { parsePlainSearch, stringifyPlainSearch } from '../../../src/router/plainSearch.ts';

afterEach(cleanup);
const SLOW = { timeout: 5000 };

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.href}</p>;
}

function renderAt(at: string, stubs: Partial<SendApi>) {
  const root = createRootRoute();
  const auth = createRoute({ getParentRoute: () => root, path: '/outlook_auth', component: OutlookAuthPage });
  const campaigns = createRoute({
    getParentRoute: () => root,
    path: '/campaigns/{-$page}/{-$tab}/{-$subTab}',
    component: Where,
  });
  const router = createRouter({
    routeTree: root.addChildren([auth, campaigns]),
    history: createMemoryHistory({ initialEntries: [at] }),
    parseSearch: parsePlainSearch,
    stringifySearch: stringifyPlainSearch,
  });
  render(
    <ServicesContext.Provider value={{ ...appServices, sendApi: { ...sendApi, ...stubs } }}>
      <RouterProvider router={router} />
    </ServicesContext.Provider>,
  );
}

const connected: OutlookConnected = {
  email_address: 'news@contoso.test',
  name: 'Contoso News',
  version_id: 5,
  email_id: 4,
  campaign_id: 3,
};

describe('/outlook_auth', () => {
  it('finishes the connection, chooses the mailbox for the edition and goes back to its publish step', async () => {
    const callbacks: unknown[] = [];
    const routes: unknown[] = [];
    renderAt('/outlook_auth?code=the-code&state=s-1&session_state=abc', {
      outlookCallback: async (query) => {
        callbacks.push(query);
        return connected;
      },
      outlookRoute: async (input) => {
        routes.push(input);
      },
    });
    const where = await screen.findByTestId('where', undefined, SLOW);
    expect(where.textContent).toBe('/campaigns/editionedit/publish?campaign_id=3&email_id=4&version_id=5');
    expect(callbacks).toEqual([{ code: 'the-code', state: 's-1', session_state: 'abc' }]);
    expect(routes).toEqual([{ campaignId: 3, emailId: 4, versionId: 5, on: true }]);
  });

  it('shows the server refusal (a forged or expired state) clearly', async () => {
    renderAt('/outlook_auth?code=c&state=s-2', {
      outlookCallback: async () => {
        throw new ApiError({
          kind: 'http',
          status: 400,
          message:
            'This Outlook sign-in took longer than 10 minutes: connect Outlook again from the publish step.',
        });
      },
    });
    expect(await screen.findByRole('heading', { name: 'Outlook could not be connected' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('took longer than 10 minutes');
  });

  it('shows Microsoft refusing, without calling the server', async () => {
    const callbacks: unknown[] = [];
    renderAt('/outlook_auth?error=access_denied&error_description=The%20user%20declined.&state=s-3', {
      outlookCallback: async (query) => {
        callbacks.push(query);
        return connected;
      },
    });
    expect(await screen.findByRole('heading', { name: 'Outlook was not connected' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('The user declined.');
    await waitFor(() => expect(callbacks).toEqual([]));
  });
});
