import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CampaignDetails } from '../../../../domain/campaigns.ts';
import {
  advancedSearchOfCampaign,
  DEFAULT_ADVANCED_SEARCH,
} from '../../../../domain/contentAdvancedSearch.ts';
import { areaLinks } from '../../../router/routeTable.ts';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { SubNav } from '../../../ui/SubNav.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { ArticleCurationView } from './ArticleCurationView.tsx';
import { CampaignSourceForm } from './CampaignSourceForm.tsx';
import '../content.css';

/**
 * The content steps of a campaign: where its articles come from, the user's favourites, and the articles
 * the campaign already sent.
 */
export type CampaignContentStep = 'source' | 'favorites' | 'sent';

const STEPS: readonly { step: CampaignContentStep; label: string; description: string }[] = [
  {
    step: 'source',
    label: 'Source',
    description:
      'Choose where this campaign’s articles come from, then check articles to add them to one of its emails.',
  },
  {
    step: 'favorites',
    label: 'Favourites',
    description: 'Your favourite articles: check them to add them to one of this campaign’s emails.',
  },
  {
    step: 'sent',
    label: 'Previously sent',
    description:
      'Articles this campaign’s sent editions held, latest first: check them to add them to one of its emails again.',
  },
];

/** The address parts of the previously sent step ("sent" and "previous" name the same step). */
const SENT_PARTS = ['sent', 'previous'];

/**
 * The step an address names: any part holding "favorites" is the favourites step, a part "sent" or
 * "previous" the previously sent step, else the source step.
 */
export function campaignContentStepOf(parts: readonly (string | undefined)[]): CampaignContentStep {
  if (parts.some((part) => part?.includes('favorites'))) return 'favorites';
  return parts.some((part) => SENT_PARTS.includes(part ?? '')) ? 'sent' : 'source';
}

/** The explorer tab a step lists. */
const TAB_OF = { source: 'explorer', favorites: 'favorites', sent: 'previously_sent' } as const;

/**
 * /campaigns/content/{source,favorites,sent}?campaign_id=… (and the same steps under
 * /campaigns/editionedit/): curating for a campaign. The source step chooses and saves the campaign's
 * sources and lists the articles they give; the favourites step lists the user's starred articles; the
 * previously sent step the articles of the campaign's sent editions. Checked articles go to one of the
 * campaign's draft editions (or a new email in it) through the explorer's curation panel.
 */
export function CampaignContentPage({
  step,
  campaignId,
}: {
  step: CampaignContentStep;
  campaignId: number | null;
}) {
  const api = useServices().campaignApi;
  const details = useLoad<number, CampaignDetails>(
    (id, signal) => api.details(id, signal),
    'campaignContent',
  );
  const { load } = details;
  const reload = useCallback(() => {
    if (campaignId !== null) load(campaignId);
  }, [campaignId, load]);
  useEffect(reload, [reload]);
  const [savedSearch, setSavedSearch] = useState<Record<string, unknown> | null>(null);
  const loaded = details.data && details.data.campaign_id === campaignId ? details.data : null;
  const campaign = useMemo(
    () => (loaded && savedSearch ? { ...loaded, advanced_search: savedSearch } : loaded),
    [loaded, savedSearch],
  );
  const advanced = useMemo(
    () => (campaign ? advancedSearchOfCampaign(campaign.advanced_search) : DEFAULT_ADVANCED_SEARCH),
    [campaign],
  );

  if (campaignId === null)
    return (
      <StatePanel kind="error" title="No campaign chosen">
        Open a campaign from the <Link {...areaLinks.campaigns}>campaign list</Link> to curate its content.
      </StatePanel>
    );
  if (!campaign) {
    if (details.status === 'failure' && details.error)
      return (
        <LoadErrorPanel
          title="This campaign could not be loaded"
          message={details.error.message}
          onRetry={reload}
        />
      );
    return <StatePanel kind="loading" title="Loading the campaign…" />;
  }
  const search = { campaign_id: String(campaign.campaign_id) };

  return (
    <div className="campaign-content content-page">
      <PageHeader
        eyebrow="Campaign content"
        title={campaign.campaign_name}
        description={STEPS.find((item) => item.step === step)?.description}
        actions={
          <Link
            to="/campaigns/{-$page}/{-$tab}/{-$subTab}"
            params={{ page: 'campaign' }}
            search={search as never}
            className={buttonClassName('secondary')}
          >
            Back to the campaign
          </Link>
        }
      />
      <SubNav
        label="Content steps"
        items={STEPS.map((item) => ({
          key: item.step,
          current: item.step === step,
          link: (props) => (
            <Link
              to="/campaigns/{-$page}/{-$tab}/{-$subTab}"
              params={{ page: 'content', tab: item.step }}
              search={search as never}
              {...props}
            >
              {item.label}
            </Link>
          ),
        }))}
      />
      {step === 'source' ? (
        <CampaignSourceForm key={campaign.campaign_id} campaign={campaign} onSaved={setSavedSearch} />
      ) : null}
      <ArticleCurationView
        key={step}
        tab={TAB_OF[step]}
        sentOf={step === 'sent' ? campaign.campaign_id : null}
        advanced={step === 'source' ? advanced : DEFAULT_ADVANCED_SEARCH}
        campaignId={campaign.campaign_id}
        onAddFeed={() => {
          document.querySelector<HTMLInputElement>('.campaign-source-form input')?.focus();
        }}
      />
    </div>
  );
}
