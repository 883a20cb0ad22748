import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { overviewAnswer } from './journeyFixtures.ts';
import { journeyStubs, renderJourney } from './renderJourney.tsx';

afterEach(cleanup);

const cards = () =>
  [...screen.getByTestId('journey-stage-cards').querySelectorAll('a')].map((a) => [
    a.querySelector('.journey-stage__name')?.textContent,
    a.querySelector('.journey-stage__count')?.textContent,
  ]);

describe('Buyer journey › Contacts', () => {
  it('shows a card per stage with its count, and every contact 20 a page with its score and stage', async () => {
    const { api } = renderJourney('/buyer-journey/contacts');
    expect(await screen.findAllByTestId('journey-contact-row')).toHaveLength(20);
    expect(cards()).toEqual([
      ['All stages', '50 contacts'],
      ['Unaware', '30 contacts'],
      ['Aware', '12 contacts'],
      ['Interested', '5 contacts'],
      ['Considering', '2 contacts'],
      ['Ready', '1 contact'],
    ]);
    expect(screen.getByRole('link', { name: /All stages/ }).getAttribute('aria-current')).toBe('page');
    expect(api.overview).toHaveBeenCalledWith(
      { stage: null, q: '', offset: 0, limit: 20 },
      expect.anything(),
    );
    const first = screen.getAllByTestId('journey-contact-row')[0]!;
    expect(first.textContent).toContain('200');
    expect(first.textContent).toContain('Ready');
    expect(screen.getByText((_, el) => el?.textContent === 'Showing 20 of 50 contacts')).toBeTruthy();
  });

  it('each contact links to its dashboard and its account to the account’s', async () => {
    renderJourney('/buyer-journey/contacts');
    const [first] = await screen.findAllByTestId('journey-contact-row');
    const contact = within(first!).getByRole('link', { name: 'Contact 1' });
    const href = new URL(contact.getAttribute('href') ?? '', 'http://x.test');
    expect(href.pathname).toBe('/analytics/contacts/dashboard');
    expect(href.searchParams.get('contact_id')).toBe('1');
    expect(href.searchParams.get('back_url')).toBe('/buyer-journey/contacts');
    const account = within(first!).getByRole('link', { name: 'Acme' });
    expect(account.getAttribute('href')).toContain('/analytics/accounts/dashboard');
    expect(account.getAttribute('href')).toContain('account_id=4');
  });

  it('a stage card shows that stage’s contacts, with buyer_stage_filter in the address', async () => {
    const { api, router } = renderJourney('/buyer-journey/contacts');
    await screen.findAllByTestId('journey-contact-row');
    fireEvent.click(screen.getByRole('link', { name: /Interested/ }));
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ buyer_stage_filter: 'Interested' }),
    );
    await waitFor(() => expect(screen.getAllByTestId('journey-contact-row')).toHaveLength(5));
    expect(api.overview).toHaveBeenLastCalledWith(
      { stage: 'Interested', q: '', offset: 0, limit: 20 },
      expect.anything(),
    );
    expect(screen.getByRole('link', { name: /Interested/ }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: /All stages/ }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('table', { name: 'Contacts in the Interested stage' })).toBeTruthy();
  });

  it('an address with a stage, a search and an offset opens on them', async () => {
    const overview = vi.fn(async (query) => overviewAnswer(query));
    renderJourney('/buyer-journey/contacts?buyer_stage_filter=Unaware&offset=20', journeyStubs({ overview }));
    await waitFor(() => expect(screen.getAllByTestId('journey-contact-row')).toHaveLength(30));
    expect(overview).toHaveBeenCalledWith(
      { stage: 'Unaware', q: '', offset: 0, limit: 40 },
      expect.anything(),
    );
  });

  it('Show more asks for the next page', async () => {
    const { api } = renderJourney('/buyer-journey/contacts');
    await screen.findAllByTestId('journey-contact-row');
    fireEvent.click(screen.getByRole('button', { name: /Show more/ }));
    await waitFor(() => expect(screen.getAllByTestId('journey-contact-row')).toHaveLength(40));
    expect(api.overview).toHaveBeenLastCalledWith(
      { stage: null, q: '', offset: 20, limit: 20 },
      expect.anything(),
    );
  });

  it('says when a search matches nobody, and when there are no contacts at all', async () => {
    renderJourney('/buyer-journey/contacts?q=nobody');
    expect(await screen.findByText('No contact matches')).toBeTruthy();
    cleanup();
    renderJourney(
      '/buyer-journey/contacts',
      journeyStubs({ overview: vi.fn(async () => ({ stages: [], total_records: 0, result: [] })) }),
    );
    expect(await screen.findByText('No contacts yet')).toBeTruthy();
  });

  it('a stage the criteria no longer have says so and leads back to every stage', async () => {
    renderJourney('/buyer-journey/contacts?buyer_stage_filter=Gone');
    expect(await screen.findByText('There is no Gone stage')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show every stage' }).getAttribute('href')).toBe(
      '/buyer-journey/contacts',
    );
  });
});
