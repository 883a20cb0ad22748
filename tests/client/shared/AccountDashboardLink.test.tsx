import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountsPage } from '../../../src/modules/audiences/components/accounts/AccountsPage.tsx';
import { PeopleTable } from '../../../src/modules/audiences/components/people/PeopleTable.tsx';
import { appServices } from '../../../src/modules/shared/hooks/ServicesContext.ts';
import { person } from '../audiences/audienceFixtures.ts';
import { renderAtRoute } from '../renderAtRoute.tsx';

afterEach(cleanup);

const SLOW = { timeout: 5000 };

/** The href of a link as the browser reads it. */
const hrefOf = (link: HTMLElement) => new URL(link.getAttribute('href') ?? '', 'http://app.test');

function People() {
  return (
    <PeopleTable
      rows={[
        person(1, true, { organization: 'Acme Logistics', account_id: 9 }),
        person(2, true, { organization: null, account_id: null }),
      ]}
      loading={false}
      empty={null}
      sort="none"
      onSortChange={() => {}}
      isSelected={() => false}
      onToggle={() => {}}
      onOpen={() => {}}
    />
  );
}

describe('an account name in a list', () => {
  it("in the people list is a real link to the account's dashboard, back to the list as it is", async () => {
    const router = renderAtRoute({
      path: '/audiences/people/{-$tab}',
      at: '/audiences/people/all?q=acme&offset=20',
      component: People,
    });
    const row = await screen.findByTestId('person-1', {}, SLOW);
    const link = within(row).getByRole('link', { name: 'Acme Logistics' });
    const href = hrefOf(link);
    expect(href.pathname).toBe('/analytics/accounts/dashboard');
    expect(href.searchParams.get('account_id')).toMatch(/^"?9"?$/);
    expect(href.searchParams.get('back_url')).toBe(router.state.location.href);
    expect(router.state.location.href).toContain('offset=20');
    // Without an account there is nothing to link to.
    expect(within(screen.getByTestId('person-2')).queryByRole('link', { name: /—/ })).toBeNull();
    // A plain click navigates in the app.
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/analytics/accounts/dashboard'));
  });

  it("in Audiences › Accounts is the dashboard's link; the contacts count still opens its contacts", async () => {
    const listAccounts = vi.fn(async () => ({
      total_count: 1,
      data: [
        {
          account_id: 9,
          name: 'Acme Logistics',
          website: null,
          industry: null,
          revenue: null,
          contacts_count: 3,
          engagement_score: 50,
        },
      ],
    }));
    renderAtRoute({
      path: '/audiences/{-$page}/{-$tab}/{-$subTab}',
      at: '/audiences/accounts',
      component: AccountsPage,
      services: { audienceApi: { ...appServices.audienceApi, listAccounts } },
    });
    const name = await screen.findByRole('link', { name: 'Acme Logistics' }, SLOW);
    expect(hrefOf(name).pathname).toBe('/analytics/accounts/dashboard');
    expect(hrefOf(name).searchParams.get('back_url')).toBe('/audiences/accounts');
    const contacts = screen.getByRole('link', { name: '3 contacts of Acme Logistics' });
    expect(hrefOf(contacts).pathname).toBe('/audiences/people/all');
  });
});
