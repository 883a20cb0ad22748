import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/ApiError.ts';
import type { ContactsListingQuery } from '../../../src/api/analyticsApi.ts';
import { contactsListing, contactTabCounts } from './contactFixtures.ts';
import { renderAnalytics } from './renderAnalytics.tsx';

afterEach(cleanup);

const SLOW = { timeout: 5000 };

/** The test router quotes search values (the app writes them plain). */
const plain = (href: string | null) => decodeURIComponent(href ?? '').replace(/"/g, '');

function setup(at: string, extra: Record<string, unknown> = {}) {
  const listing = vi.fn(contactsListing);
  const counts = vi.fn(contactTabCounts);
  const rendered = renderAnalytics(
    { analytics: { contactsListing: listing, contactTabCounts: counts, ...extra } },
    at,
  );
  const asked = () => listing.mock.calls.at(-1)?.[0] as ContactsListingQuery;
  return { ...rendered, listing, counts, asked };
}

const rows = () => screen.findAllByTestId('analytics-contact-row', {}, SLOW);

describe('Contacts analytics', () => {
  it('shows each tab with its count; every tab keeps its own sort and page while the user moves between them', async () => {
    const { router, asked, counts } = setup('/analytics/contacts/delivered?campaign_id=4');
    const tabs = await screen.findByRole('navigation', { name: 'Contact tabs' });
    await waitFor(() => expect(within(tabs).getByRole('link', { name: 'Delivered 45' })).toBeTruthy(), SLOW);
    expect(within(tabs).getByRole('link', { name: 'Bounced 25' })).toBeTruthy();
    expect(within(tabs).getByRole('link', { name: 'Unsubscribed 0' })).toBeTruthy();
    expect(within(tabs).getByTitle('1,250')).toBeTruthy();
    expect(
      within(tabs)
        .getByRole('link', { name: /^Delivered/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(counts.mock.calls.at(-1)?.[0]).toMatchObject({ campaignIds: [4], search: '' });
    expect(await rows()).toHaveLength(20);
    expect(asked()).toMatchObject({ tab: 'delivered', offset: 0, limit: 20, sort: null, campaignIds: [4] });

    // Delivered: sorted by name, on its second page.
    fireEvent.click(screen.getByRole('button', { name: 'Contact' }));
    await waitFor(() =>
      expect(asked()).toMatchObject({ sort: { by: 'contact_name', type: 'ASC' }, offset: 0 }),
    );
    await waitFor(() => expect(screen.getAllByTestId('analytics-contact-row')).toHaveLength(20), SLOW);
    fireEvent.click(screen.getByRole('button', { name: /Show more/ }));
    await waitFor(() => expect(screen.getAllByTestId('analytics-contact-row')).toHaveLength(40), SLOW);
    expect(asked()).toMatchObject({ tab: 'delivered', offset: 20, limit: 20 });
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ sort: 'contact_name.ASC', offset: 20 }),
    );

    // Bounced starts from its own first page and order, and is sorted by clicks, most first.
    fireEvent.click(within(tabs).getByRole('link', { name: /^Bounced/ }));
    await waitFor(() => expect(asked()).toMatchObject({ tab: 'bounced', offset: 0, limit: 20, sort: null }));
    expect(await screen.findByText('bounced contact 1', {}, SLOW)).toBeTruthy();
    expect(screen.getAllByTestId('analytics-contact-row')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Clicks' }));
    await waitFor(() => expect(asked()).toMatchObject({ sort: { by: 'clicks', type: 'ASC' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Clicks' }));
    await waitFor(() =>
      expect(asked()).toMatchObject({ tab: 'bounced', sort: { by: 'clicks', type: 'DESC' } }),
    );

    // Delivered again: its sort and both its pages, the filter kept.
    fireEvent.click(within(tabs).getByRole('link', { name: /^Delivered/ }));
    await waitFor(() =>
      expect(asked()).toMatchObject({
        tab: 'delivered',
        offset: 0,
        limit: 40,
        sort: { by: 'contact_name', type: 'ASC' },
        campaignIds: [4],
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('analytics-contact-row')).toHaveLength(40), SLOW);
    expect(screen.getByText('delivered contact 40')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/analytics/contacts/delivered');
    expect(router.state.location.search).toMatchObject({
      sort: 'contact_name.ASC',
      offset: 20,
      campaign_id: 4,
    });
    // And Bounced's link comes back to its own order.
    expect(
      plain(
        within(tabs)
          .getByRole('link', { name: /^Bounced/ })
          .getAttribute('href'),
      ),
    ).toMatch(/sort=clicks\.DESC/);
  });

  it('each name links to the contact dashboard with the filter and the way back to this tab and page', async () => {
    setup('/analytics/contacts/bounced?campaign_id=4&offset=20');
    const link = await screen.findByRole('link', { name: 'bounced contact 21' }, SLOW);
    const href = new URL(link.getAttribute('href') ?? '', 'http://app.test');
    expect(href.pathname).toBe('/analytics/contacts/dashboard');
    expect(plain(href.searchParams.get('contact_id'))).toBe('21');
    expect(plain(href.searchParams.get('campaign_id'))).toBe('4');
    expect(plain(href.searchParams.get('back_url'))).toMatch(/^\/analytics\/contacts\/bounced\?.*offset=20/);
  });

  it('"Create a list from these contacts" shows every refusal on the name field and links the new list', async () => {
    const create = vi.fn(async (query: ContactsListingQuery & { listName: string }) => {
      if (query.listName === 'Taken')
        throw new ApiError({ kind: 'http', status: 400, message: 'List with that name already exists' });
      return {
        success: true as const,
        list: {
          list_id: 9,
          list_name: query.listName,
          last_updated: '2026-11-28T12:00:00.000Z',
          created_by: 'Sam Admin',
          last_used_by: null,
          totalContacts: 25,
          totalSent: 0,
          totalClicks: 0,
          is_active: true,
        },
      };
    });
    setup('/analytics/contacts/bounced?q=contact', { createListFromContacts: create });
    await rows();
    fireEvent.click(screen.getByRole('button', { name: 'Create a list from these contacts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a list from these contacts' });
    const field = within(dialog).getByLabelText('List name');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create list' }));
    expect(await within(dialog).findByText('Give the list a name.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(create).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: 'Taken' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create list' }));
    expect(await within(dialog).findByText('List with that name already exists', {}, SLOW)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(create).toHaveBeenLastCalledWith(
      expect.objectContaining({ tab: 'bounced', search: 'contact', listName: 'Taken' }),
      expect.anything(),
    );

    fireEvent.change(field, { target: { value: '  Bounced   readers ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create list' }));
    expect(await within(dialog).findByText('The list was created', {}, SLOW)).toBeTruthy();
    expect(create).toHaveBeenLastCalledWith(
      expect.objectContaining({ listName: 'Bounced readers' }),
      expect.anything(),
    );
    expect(plain(within(dialog).getByRole('link', { name: 'Open the list' }).getAttribute('href'))).toMatch(
      /^\/audiences\/lists\/view\?list_id=9$/,
    );
  });
});
