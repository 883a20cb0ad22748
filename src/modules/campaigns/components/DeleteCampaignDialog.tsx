import { useEffect } from 'react';
import type { CampaignDeletion, CampaignSummary } from '../../../../domain/campaigns.ts';
import { countOf, pluralNoun } from '../../../../domain/countOf.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useConfirmedRequest } from '../../shared/hooks/useConfirmedRequest.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';

type Props = {
  campaign: CampaignSummary | null;
  onClose: () => void;
  onDeleted: (campaignId: number) => void;
};

function Goes({ deletion }: { deletion: CampaignDeletion }) {
  const { emails, sends, workflows } = deletion;
  if (workflows.length > 0)
    return (
      <Alert tone="error" title="This campaign cannot be deleted yet">
        Its emails are used by the {pluralNoun(workflows.length, 'workflow', 'workflows')}{' '}
        {workflows.map((w) => `“${w.name}”`).join(', ')}. Change {pluralNoun(workflows.length, 'it', 'them')}{' '}
        to another email first.
      </Alert>
    );
  return (
    <div className="campaign-delete">
      <p>
        “{deletion.campaign_name}” will be deleted with{' '}
        {emails.length === 0 ? 'no emails' : `its ${countOf(emails.length, 'email', 'emails')}`}
        {emails.length > 0 ? ' and their editions' : ''}
        {sends > 0 ? `, and the records of ${countOf(sends, 'send', 'sends')}` : ''}. This cannot be undone.
      </p>
      {emails.length > 0 ? (
        <ul aria-label="Emails that will be deleted" className="campaign-delete__emails">
          {emails.slice(0, 8).map((e) => (
            <li key={e.email_id}>{e.name}</li>
          ))}
          {emails.length > 8 ? <li>and {emails.length - 8} more</li> : null}
        </ul>
      ) : null}
    </div>
  );
}

/** Delete confirmation naming what goes with the campaign (its emails, their editions and sends). */
export function DeleteCampaignDialog({ campaign, onClose, onDeleted }: Props) {
  const api = useServices().campaignApi;
  const preview = useLoad<number, CampaignDeletion>(
    (id, signal) => api.campaignDeletion(id, signal),
    'campaignDeletion',
  );
  const campaignId = campaign?.campaign_id;
  const remove = useConfirmedRequest(
    (id: number, signal) => api.deleteCampaign(id, signal),
    'deleteCampaign',
    onDeleted,
    campaignId ?? null,
  );
  const { load } = preview;
  useEffect(() => {
    if (campaignId !== undefined) load(campaignId);
  }, [campaignId, load]);

  const deletion = preview.data && preview.data.campaign_id === campaignId ? preview.data : null;
  const blocked = (deletion?.workflows.length ?? 0) > 0;
  return (
    <ConfirmDialog
      open={campaign !== null}
      onClose={onClose}
      title="Delete this campaign?"
      confirmLabel="Delete campaign"
      disabled={!deletion || blocked}
      busy={remove.busy}
      onConfirm={() => campaign && remove.confirm(campaign.campaign_id)}
      failure={
        remove.failureMessage
          ? { title: 'The campaign was not deleted', message: remove.failureMessage }
          : null
      }
    >
      {deletion ? (
        <Goes deletion={deletion} />
      ) : preview.status === 'failure' && preview.error ? (
        <Alert tone="error" title="Could not check what goes with it">
          {preview.error.message}
        </Alert>
      ) : (
        <StatePanel compact kind="loading" title="Checking what goes with it…" />
      )}
    </ConfirmDialog>
  );
}
