import { Link, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { PublishData } from '../../../domain/editionSend.ts';
import { areaLinks } from '../../../router/routeTable.ts';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import type { EditionIds } from '../utils/publishForm.ts';
import { PublishEditor } from './PublishEditor.tsx';
import './campaigns.css';
import './publish.css';

const idOf = (value: unknown): number | null =>
  value !== undefined && value !== null && /^\d+$/.test(String(value)) ? Number(value) : null;

/**
 * /campaigns/editionedit/publish/?campaign_id&email_id&version_id: the edition's publish step, once its
 * Publish data (publish_email/) is loaded.
 */
export function PublishPage() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const versionId = idOf(search.version_id);
  const ids: EditionIds | null =
    versionId === null
      ? null
      : { campaignId: idOf(search.campaign_id), emailId: idOf(search.email_id), versionId };
  const api = useServices().sendApi;
  const data = useLoad<number, PublishData>((id, signal) => api.publishData(id, signal), 'publishData');
  const { load } = data;
  useEffect(() => {
    if (versionId !== null) load(versionId);
  }, [versionId, load]);

  if (!ids)
    return (
      <StatePanel kind="error" title="No edition chosen">
        Open an edition from its campaign: the <Link {...areaLinks.campaigns}>campaign list</Link>.
      </StatePanel>
    );
  const loaded = data.data && data.data.version_id === ids.versionId ? data.data : null;
  if (!loaded) {
    if (data.status === 'failure' && data.error)
      return (
        <LoadErrorPanel
          title="This edition could not be loaded"
          message={data.error.message}
          onRetry={() => load(ids.versionId)}
        />
      );
    return <StatePanel kind="loading" title="Loading the edition…" />;
  }
  return <PublishEditor key={ids.versionId} ids={ids} data={loaded} />;
}
