import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localToday, shiftDay } from '../../../domain/analyticsPeriod.ts';
import { ApiError } from '../../../src/api/ApiError.ts';
import { sourcesAnswer } from './journeyFixtures.ts';
import { journeyStubs, renderJourney } from './renderJourney.tsx';

afterEach(cleanup);

const DOWN = new ApiError({ kind: 'network', status: 0, message: 'The server cannot be reached.' });

describe('Buyer journey › Sources', () => {
  it('a bare /buyer-journey shows the sources of the last quarter as a chart of every source with its share', async () => {
    const { api } = renderJourney('/buyer-journey');
    expect(await screen.findByTestId('journey-sources-chart')).toBeTruthy();
    expect(screen.queryByText(/being built/i)).toBeNull();
    const today = localToday();
    expect(api.sources).toHaveBeenCalledWith(
      { startDate: shiftDay(today, -89), endDate: today },
      expect.anything(),
    );
    expect(screen.getByRole('link', { name: 'Sources' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('journey-sources-summary').textContent).toBe('1,000 views by 420 visitors');
    const bars = [...document.querySelectorAll('[data-source]')].map((g) => [
      g.getAttribute('data-source'),
      g.querySelector('.journey-sources-chart__value')?.textContent,
    ]);
    expect(bars).toEqual([
      ['email', '500 · 50%'],
      ['organic', '300 · 30%'],
      ['social', '0 · 0%'],
      ['referral', '125 · 12.5%'],
      ['direct', '75 · 7.5%'],
    ]);
    expect(screen.getByTestId('journey-sources-chart').getAttribute('aria-label')).toBe(
      'Views by source: Email 50%, Organic search 30%, Social 0%, Referral 12.5%, Direct 7.5%',
    );
  });

  it('is read source by source with the arrow keys, each announced', async () => {
    renderJourney('/buyer-journey/sources');
    const plot = await screen.findByTestId('journey-sources-chart-plot');
    const readout = screen.getByTestId('journey-sources-readout');
    expect(readout.getAttribute('aria-live')).toBe('polite');
    fireEvent.keyDown(plot, { key: 'ArrowDown' });
    expect(readout.textContent).toBe('Email: 500 views (50% of all views), 200 visitors');
    fireEvent.keyDown(plot, { key: 'ArrowDown' });
    expect(readout.textContent).toBe('Organic search: 300 views (30% of all views), 150 visitors');
    fireEvent.keyDown(plot, { key: 'End' });
    expect(readout.textContent).toBe('Direct: 75 views (7.5% of all views), 30 visitors');
    fireEvent.keyDown(plot, { key: 'Escape' });
    expect(readout.textContent).toBe('');
  });

  it('shows the same numbers as a table, and the UTM campaigns and referring sites', async () => {
    renderJourney('/buyer-journey/sources');
    await screen.findByTestId('journey-sources-chart');
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    const rows = screen.getAllByTestId('journey-source-row').map((row) => row.textContent);
    expect(rows[0]).toContain('Email');
    expect(rows[0]).toContain('50%');
    expect(rows[2]).toContain('Social');
    expect(screen.queryByTestId('journey-sources-chart')).toBeNull();
    const utm = screen.getByTestId('journey-utm-row');
    expect(within(utm).getByText('november')).toBeTruthy();
    expect(within(utm).getByText('320')).toBeTruthy();
    expect(screen.getByTestId('journey-referrer-row').textContent).toContain('www.google.com');
  });

  it('a period chosen is written to the address and asked for', async () => {
    const { api, router } = renderJourney('/buyer-journey/sources');
    await screen.findByTestId('journey-sources-chart');
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'week' } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ date: 'week' }));
    const today = localToday();
    await waitFor(() =>
      expect(api.sources).toHaveBeenLastCalledWith(
        { startDate: shiftDay(today, -6), endDate: today },
        expect.anything(),
      ),
    );
  });

  it('a custom period from the address asks for its two days', async () => {
    const { api } = renderJourney(
      '/buyer-journey/sources?date=custom&start_date=2026-10-01&end_date=2026-10-31',
    );
    await screen.findByTestId('journey-sources-chart');
    expect(api.sources).toHaveBeenCalledWith(
      { startDate: '2026-10-01', endDate: '2026-10-31' },
      expect.anything(),
    );
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-10-01');
  });

  it('a period without visits says so and leads to the tracking tab', async () => {
    renderJourney(
      '/buyer-journey/sources',
      journeyStubs({
        sources: vi.fn(async () =>
          sourcesAnswer({ total_views: 0, total_visitors: 0, sources: [], utm: [], referrers: [] }),
        ),
      }),
    );
    expect(await screen.findByText('No website visits in this period')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set up tracking' }).getAttribute('href')).toBe(
      '/buyer-journey/tracking',
    );
    expect(screen.queryByTestId('journey-sources-chart')).toBeNull();
  });

  it('a failed load says so, and Try again asks again', async () => {
    let down = true;
    const sources = vi.fn(async () => {
      if (down) throw DOWN;
      return sourcesAnswer();
    });
    renderJourney('/buyer-journey/sources', journeyStubs({ sources }));
    expect(await screen.findByText('The sources could not be loaded')).toBeTruthy();
    expect(screen.getByText('The server cannot be reached.')).toBeTruthy();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('journey-sources-chart')).toBeTruthy();
    expect(sources).toHaveBeenCalledTimes(2);
  });
});
