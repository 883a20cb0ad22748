import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contactDashboardAnswer } from './contactFixtures.ts';
import { renderAnalytics } from './renderAnalytics.tsx';

afterEach(cleanup);

const SLOW = { timeout: 5000 };
const PERIOD = { start_date: '2026-09-01', end_date: '2026-11-28', time_zone: 'UTC' };

function stubs() {
  return {
    contactDashboard: vi.fn(async (_query: unknown) => contactDashboardAnswer()),
    contactEmailEngagement: vi.fn(async (_query: unknown) => ({
      success: true as const,
      total_count: 1,
      period: PERIOD,
      data: [
        {
          email_id: 7,
          email_name: 'November digest',
          subject: 'What happened in November',
          campaign_id: 4,
          campaign_name: 'Autumn launch',
          contacts: 1,
          status: 'Clicked' as const,
          sent: 1,
          delivered: 1,
          opens: 2,
          clicks: 1,
          unique_opens: 1,
          unique_clicks: 1,
          sent_at: '2026-11-18T09:00:00.000Z',
          first_open_at: '2026-11-18T10:00:00.000Z',
          first_click_at: '2026-11-18T10:05:00.000Z',
        },
      ],
    })),
    contactContentEngagement: vi.fn(async () => ({ success: true as const, total_count: 0, data: [] })),
    contactAuditTrail: vi.fn(async (_query: unknown) => ({
      success: true as const,
      total_count: 1,
      total_score: 12,
      period: { ...PERIOD, start_date: null },
      data: [
        {
          event_id: 99,
          kind: 'opened' as const,
          activity: 'Email opened',
          email_id: 7,
          email_name: 'November digest',
          campaign_id: 4,
          campaign_name: 'Autumn launch',
          link: null,
          article_id: null,
          article_title: null,
          occurred_at: '2026-11-18T10:00:00.000Z',
          points: 3,
        },
      ],
    })),
  };
}

const dashboardAt = (backUrl: string) =>
  `/analytics/contacts/dashboard?contact_id=5&campaign_id=4&back_url=${encodeURIComponent(backUrl)}`;

describe('Contact dashboard', () => {
  it('shows the details, subscribed campaigns, email engagement, content and the audit trail (all time)', async () => {
    const api = stubs();
    const trail = vi.fn(async (_query: unknown) => ({
      total_records: 2,
      result: [
        {
          id: 31,
          kind: 'page_view' as const,
          at: '2026-11-19T08:00:00.000Z',
          points: 11,
          label: 'Viewed Pricing (a page matching /pricing*)',
        },
        {
          id: 30,
          kind: 'email_open' as const,
          at: '2026-11-18T10:00:00.000Z',
          points: 3,
          label: 'Opened November digest',
        },
      ],
    }));
    renderAnalytics(
      { analytics: api, journey: { trail } },
      dashboardAt('/analytics/contacts/bounced?offset=20'),
    );
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' }, SLOW)).toBeTruthy();
    expect(api.contactDashboard).toHaveBeenCalledWith(
      { contact_id: 5, limit: 20, offset: 0 },
      expect.anything(),
    );
    const dashboard = screen.getByTestId('contact-dashboard');
    expect(within(dashboard).getByText('Analytical Engines')).toBeTruthy();
    expect(within(dashboard).getByRole('link', { name: 'Autumn launch' })).toBeTruthy();
    const email = await screen.findByTestId('contact-email-row', {}, SLOW);
    expect(within(email).getByText('Clicked')).toBeTruthy();
    expect(api.contactEmailEngagement.mock.calls.at(-1)?.[0]).toMatchObject({
      contact_id: 5,
      campaignIds: [4],
      offset: 0,
      limit: 20,
    });
    expect(await screen.findByText('No articles clicked yet', {}, SLOW)).toBeTruthy();
    const activity = await screen.findByTestId('contact-activity-row', {}, SLOW);
    expect(within(activity).getByText('Email opened')).toBeTruthy();
    // The points the open gave the contact's score.
    expect(within(activity).getByText('+3')).toBeTruthy();
    expect(api.contactAuditTrail.mock.calls.at(-1)?.[0]).toMatchObject({
      contact_id: 5,
      startDate: null,
      endDate: null,
    });
    expect((screen.getByLabelText('Audit trail period') as HTMLSelectElement).value).toBe('all');
    // How the score is made: every scored activity, website pages included, with the points it gives.
    const scored = await screen.findAllByTestId('contact-score-row', {}, SLOW);
    expect(scored.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/Viewed Pricing \(a page matching \/pricing\*\).*\+11$/),
      expect.stringMatching(/Opened November digest.*\+3$/),
    ]);
    expect(trail).toHaveBeenCalledWith({ contactId: 5, offset: 0, limit: 20 }, expect.anything());
    fireEvent.change(screen.getByLabelText('Audit trail period'), { target: { value: 'week' } });
    await waitFor(() =>
      expect(api.contactAuditTrail.mock.calls.at(-1)?.[0]).toMatchObject({ startDate: expect.any(String) }),
    );
  });

  it('Back goes to back_url, the exact list, tab, page and filter the user came from', async () => {
    const back = '/analytics/contacts/bounced?campaign_id=4&sort=clicks.DESC&offset=20';
    const { router } = renderAnalytics({ analytics: stubs() }, dashboardAt(back));
    await screen.findByRole('heading', { name: 'Ada Lovelace' }, SLOW);
    const link = screen.getByRole('link', { name: 'Back' });
    expect(link.getAttribute('href')).toBe(back);
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/analytics/contacts/bounced'));
    expect(router.state.location.searchStr).toBe('?campaign_id=4&sort=clicks.DESC&offset=20');
  });

  it('refuses a back_url that is not a path of this app: Back then goes to the contacts report', async () => {
    for (const evil of [
      'https://evil.example/steal',
      '//evil.example/steal',
      '/\\evil.example/steal',
      'javascript:alert(1)',
    ]) {
      renderAnalytics({ analytics: stubs() }, dashboardAt(evil));
      await screen.findByRole('heading', { name: 'Ada Lovelace' }, SLOW);
      expect(screen.queryByRole('link', { name: 'Back' })).toBeNull();
      const link = screen.getByRole('link', { name: /All contacts/ });
      expect(decodeURIComponent(link.getAttribute('href') ?? '').replace(/"/g, '')).toBe(
        '/analytics/contacts?campaign_id=4',
      );
      cleanup();
    }
  });

  it('a contact of another organisation (404) says so and offers Try again', async () => {
    const { ApiError } = await import('../../../src/api/ApiError.ts');
    renderAnalytics(
      {
        analytics: {
          ...stubs(),
          contactDashboard: vi.fn(async () => {
            throw new ApiError({ kind: 'http', status: 404, message: 'Contact not found.' });
          }),
        },
      },
      '/analytics/contacts/dashboard?contact_id=77',
    );
    expect(await screen.findByText('This contact’s dashboard could not be loaded', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Contact not found.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
