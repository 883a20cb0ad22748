import { useEffect, useState } from 'react';
import type { JourneyTracking } from '../../../../domain/journeyTracking.ts';
import { Card } from '../../../ui/Card.tsx';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { CopyableCode } from '../../shared/components/CopyableCode.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { DomainsEditor } from './DomainsEditor.tsx';

/**
 * /buyer-journey/tracking: the organisation's tracking id, the snippet its website pastes in (Copy), and
 * the website domains the snippet may report from.
 */
export function JourneyTrackingTab() {
  const api = useServices().journeyApi;
  const tracking = useLoad((_: null, signal) => api.tracking(signal), 'journey-tracking');
  const { load } = tracking;
  // The service's answer to the latest save of the domains, newer than the load's.
  const [saved, setSaved] = useState<JourneyTracking | null>(null);
  useEffect(() => load(null), [load]);
  if (tracking.status === 'failure' && tracking.error)
    return (
      <LoadErrorPanel
        title="The tracking settings could not be loaded"
        message={tracking.error.message}
        onRetry={() => load(null)}
      />
    );
  const answer = saved ?? tracking.data;
  if (!answer) return <StatePanel kind="loading" title="Loading the tracking settings…" />;
  return (
    <div className="journey-tracking">
      <Card
        title="Tracking snippet"
        description="Paste it into every page of your website, before </head>. It records page views and sets no cookie; visitors who ask not to be tracked (Do Not Track, Global Privacy Control) are not recorded."
        className="journey-card"
      >
        <dl className="journey-tracking__id">
          <dt>Tracking id</dt>
          <dd>
            <code data-testid="journey-tracking-id">{answer.tracking_id}</code>
          </dd>
        </dl>
        <CopyableCode
          label="Snippet"
          value={answer.snippet}
          copyLabel="Copy the snippet"
          copiedText="Copied: paste it into your website’s pages."
        />
        <p className="journey-muted">
          Where your site asks visitors for consent, call <code>window.wbJourney.consent(true)</code> once
          they agree (and <code>consent(false)</code> if they refuse).
        </p>
      </Card>
      <Card
        title="Website domains"
        description="The snippet reports page views only from these domains (and their pages); links in your emails to them identify the contact who clicked."
        className="journey-card"
      >
        <DomainsEditor domains={answer.domains} onSaved={setSaved} />
      </Card>
    </div>
  );
}
