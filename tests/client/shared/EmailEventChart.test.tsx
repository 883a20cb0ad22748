import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailEventChart } from '../../../src/modules/shared/components/EmailEventChart.tsx';

afterEach(cleanup);

const oneDay = [
  { email_id: 1, email_name: 'Welcome', points: [{ date: '2026-11-28', sends: 3, opens: 2, clicks: 1 }] },
];

describe('EmailEventChart', () => {
  it('draws a day of sends once on its axis, with the totals in its legend and name', () => {
    render(
      <EmailEventChart
        series={oneDay}
        from="2026-11-28"
        to="2026-11-28"
        testId="chart"
        empty={<p>Nothing</p>}
      />,
    );
    const days = screen.getAllByTestId('email-chart-day').map((tick) => tick.textContent);
    expect(days.filter((day) => day === 'Nov 28')).toHaveLength(1);
    expect(new Set(days).size).toBe(days.length);
    expect(screen.getByTestId('chart').getAttribute('aria-label')).toBe(
      'Sends, opens and clicks per day from 2026-11-28 to 2026-11-28: 3 sends, 2 opens, 1 click.',
    );
    expect(screen.getByRole('list', { name: 'Legend' }).textContent).toContain('Sends 3');
  });

  it('shows what it is given for a period with nothing in it', () => {
    render(
      <EmailEventChart
        series={[{ ...oneDay[0]!, points: [{ date: '2026-11-28', sends: 0, opens: 0, clicks: 0 }] }]}
        from="2026-11-01"
        to="2026-11-28"
        testId="chart"
        empty={<p>Nothing sent yet</p>}
      />,
    );
    expect(screen.getByText('Nothing sent yet')).toBeTruthy();
    expect(screen.queryByTestId('chart')).toBeNull();
  });
});
