import { useMemo } from 'react';
import type { CampaignGraphPoint } from '../../../../domain/campaigns.ts';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { EmailEventChart } from '../../shared/components/EmailEventChart.tsx';

/**
 * Sends, opens and clicks of the campaign's emails per day, from its first day of activity to its last
 * (the shared email-event chart); a clear empty state while nothing was sent.
 */
export function CampaignGraph({ points }: { points: CampaignGraphPoint[] }) {
  const series = useMemo(
    () => [
      {
        email_id: 0,
        email_name: 'Campaign',
        points: points.map((p) => ({ date: p.date, sends: p.sent, opens: p.opens, clicks: p.clicks })),
      },
    ],
    [points],
  );
  const first = points[0]?.date ?? '';
  return (
    <section className="campaign-graph" aria-labelledby="campaign-graph-title">
      <h2 id="campaign-graph-title" className="campaign-section__title">
        Sends, opens and clicks
      </h2>
      <EmailEventChart
        series={series}
        from={first}
        to={points[points.length - 1]?.date ?? first}
        testId="campaign-graph"
        empty={
          <StatePanel compact kind="empty" title="Nothing sent yet">
            Sends, opens and clicks of this campaign's emails appear here once an edition is sent.
          </StatePanel>
        }
      />
    </section>
  );
}
