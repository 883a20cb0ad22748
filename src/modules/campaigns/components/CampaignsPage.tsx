import { useSearch } from '@tanstack/react-router';
import { Suspense } from 'react';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { lazyScreen } from '../../shared/utils/lazyScreen.ts';
import { CampaignDetailPage } from './CampaignDetailPage.tsx';
import { CampaignListPage } from './CampaignListPage.tsx';

/** The campaign pages built so far: the list, a campaign and the edition editor (its design). */
export const CAMPAIGN_PAGES = ['', 'campaign', 'editionedit'] as const;

/**
 * /campaigns (the list), /campaigns/campaign?campaign_id=… (a campaign; with ai_email=1 its "New AI
 * email" form, and with generation_id too that AI email's review), /campaigns/editionedit/ (an
 * edition's Design and Publish links) and /campaigns/editionedit/design/ (the email designer). The router
 * gives the publish step (PublishPage) and the content steps (CampaignContentPage) their own screens.
 */
// The designer (ProseMirror, Yjs, the design document's schemas) is its own chunk.
const DesignerPage = lazyScreen(() => import('../designer/DesignerPage.tsx'), 'DesignerPage');
const EditionLinks = lazyScreen(() => import('../designer/DesignerPage.tsx'), 'EditionLinks');
// The AI email screens (the form with its progress, the review) are their own chunk.
const NewAiEmailPage = lazyScreen(() => import('../ai/NewAiEmailPage.tsx'), 'NewAiEmailPage');
const AiReviewPage = lazyScreen(() => import('../ai/AiReviewPage.tsx'), 'AiReviewPage');

/** ?ai_email=1 on a campaign: its AI email screens (1 or true). */
const isAiEmail = (value: unknown) => value === 1 || value === true || value === '1' || value === 'true';

/** A campaign's AI email: the review of a generation (generation_id), else the "New AI email" form. */
function AiEmailScreen({ campaignId, generationId }: { campaignId: number; generationId: number | null }) {
  return (
    <Suspense fallback={<StatePanel kind="loading" title="Opening the AI email…" />}>
      {generationId !== null ? (
        <AiReviewPage key={generationId} campaignId={campaignId} generationId={generationId} />
      ) : (
        <NewAiEmailPage campaignId={campaignId} />
      )}
    </Suspense>
  );
}

/** A positive id from the address (campaign_id, email_id, version_id), else null. */
export const campaignIdOf = (value: unknown) => {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && /^\d{1,10}$/.test(text) && Number(text) > 0 ? Number(text) : null;
};

export function CampaignsPage({
  page,
  tab,
  canExportWidget = null,
}: {
  page: string | undefined;
  tab?: string | undefined;
  /** The user has export_widget_permission (null: not known yet). */
  canExportWidget?: boolean | null;
}) {
  const search = useSearch({ strict: false }) as {
    campaign_id?: string;
    email_id?: string;
    version_id?: string;
    ai_email?: unknown;
    generation_id?: string;
  };
  if (!page) return <CampaignListPage />;
  if (page === 'campaign') {
    const id = search.campaign_id && /^\d+$/.test(search.campaign_id) ? Number(search.campaign_id) : null;
    if (id !== null && isAiEmail(search.ai_email))
      return <AiEmailScreen campaignId={id} generationId={campaignIdOf(search.generation_id)} />;
    return <CampaignDetailPage key={id ?? 0} campaignId={id} canExportWidget={canExportWidget} />;
  }
  if (page === 'editionedit') {
    const ids = {
      campaignId: campaignIdOf(search.campaign_id),
      emailId: campaignIdOf(search.email_id),
      versionId: campaignIdOf(search.version_id),
    };
    return (
      <Suspense fallback={<StatePanel kind="loading" title="Opening the edition…" />}>
        {tab === 'design' ? <DesignerPage key={ids.versionId ?? 0} {...ids} /> : <EditionLinks {...ids} />}
      </Suspense>
    );
  }
  return null;
}
