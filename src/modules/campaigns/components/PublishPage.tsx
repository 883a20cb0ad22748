import { Link, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { CampaignDetails } from '../../../../domain/campaigns.ts';
import type { PublishData } from '../../../../domain/editionSend.ts';
import { areaLinks } from '../../../router/routeTable.ts';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { type EditionIds, editionToPublish } from '../utils/publishForm.ts';
import { PublishEditor } from './PublishEditor.tsx';
import './campaigns.css';
import './publish.css';

/** An id of the address (the first of a comma list), or null. */
const idOf = (value: unknown): number | null => {
  const first = value === undefined || value === null ? '' : String(value).split(',')[0];
  return first && /^\d+$/.test(first) ? Number(first) : null;
};

/**
 * /campaigns/editionedit/publish/?campaign_id&email_id&version_id: the edition's publish step, once its
 * Publish data (publish_email/) is loaded. Without version_id (the permission redirect from=publish
 * carries campaign_id and email_id only) the email's draft edition is opened.
 */
export function PublishPage() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const campaignId = idOf(search.campaign_id);
  const emailId = idOf(search.email_id);
  const given = idOf(search.version_id);
  const services = useServices();
  const campaign = useLoad<number, CampaignDetails>(
    (id, signal) => services.campaignApi.details(id, signal),
    'publishCampaign',
  );
  const { load: loadCampaign } = campaign;
  useEffect(() => {
    if (given === null && campaignId !== null && emailId !== null) loadCampaign(campaignId);
  }, [given, campaignId, emailId, loadCampaign]);
  const found =
    given === null && emailId !== null && campaign.data?.campaign_id === campaignId
      ? editionToPublish(campaign.data.emails.all, emailId)
      : null;
  const versionId = given ?? found;

  const data = useLoad<number, PublishData>(
    (id, signal) => services.sendApi.publishData(id, signal),
    'publishData',
  );
  const { load } = data;
  useEffect(() => {
    if (versionId !== null) load(versionId);
  }, [versionId, load]);

  if (versionId === null) {
    if (given === null && campaignId !== null && emailId !== null && !campaign.data) {
      if (campaign.status === 'failure' && campaign.error)
        return (
          <LoadErrorPanel
            title="This campaign could not be loaded"
            message={campaign.error.message}
            onRetry={() => loadCampaign(campaignId)}
          />
        );
      return <StatePanel kind="loading" title="Loading the edition…" />;
    }
    return (
      <StatePanel kind="error" title="No edition chosen">
        Open an edition from its campaign: the <Link {...areaLinks.campaigns}>campaign list</Link>.
      </StatePanel>
    );
  }
  const ids: EditionIds = { campaignId, emailId, versionId };
  // Only data loaded for this visit: coming back shows what was saved since, never an older copy.
  const loaded =
    data.status !== 'loading' && data.data && data.data.version_id === versionId ? data.data : null;
  if (!loaded) {
    if (data.status === 'failure' && data.error)
      return (
        <LoadErrorPanel
          title="This edition could not be loaded"
          message={data.error.message}
          onRetry={() => load(versionId)}
        />
      );
    return <StatePanel kind="loading" title="Loading the edition…" />;
  }
  return <PublishEditor key={versionId} ids={ids} data={loaded} />;
}
