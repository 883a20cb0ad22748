import { type FormEvent, useEffect, useState } from 'react';
import type { CampaignDetails } from '../../../../domain/campaigns.ts';
import { advancedSearchOfCampaign } from '../../../../domain/contentAdvancedSearch.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Form } from '../../../ui/Form.tsx';
import { useToast } from '../../../ui/useToast.ts';
import { type CampaignSources, CampaignSourcesField } from '../../shared/components/CampaignSourcesField.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';

type Props = {
  campaign: CampaignDetails;
  /** The campaign's advanced search as now stored (after a save). */
  onSaved: (advancedSearch: Record<string, unknown>) => void;
};

/**
 * The campaign's source step: its source filter entries (the global pool, the organisation's feeds, the
 * global pool's sources to exclude), the global pool and every feed when none is chosen. Save stores them
 * on the campaign with its keywords kept; the articles below follow what is saved.
 */
export function CampaignSourceForm({ campaign, onSaved }: Props) {
  const api = useServices().campaignApi;
  const toast = useToast();
  const stored = advancedSearchOfCampaign(campaign.advanced_search);
  const [sources, setSources] = useState<CampaignSources>({
    includeSources: stored.includeSources,
    excludeSources: stored.excludeSources,
  });
  const save = useRequest(async (advancedSearch: Record<string, unknown>, signal) => {
    await api.setCampaignSources({ campaignId: campaign.campaign_id, advancedSearch }, signal);
    return advancedSearch;
  }, 'setCampaignSources');
  const changed =
    JSON.stringify(sources) !==
    JSON.stringify({ includeSources: stored.includeSources, excludeSources: stored.excludeSources });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const asStored = (ids: string[]) => ids.map((id) => (id === 'global' ? id : Number(id)));
    const next: Record<string, unknown> = {
      ...campaign.advanced_search,
      include_sources: asStored(sources.includeSources),
      exclude_sources: asStored(sources.excludeSources),
    };
    save.submit(next);
  };

  const saved = save.status === 'success' ? save.data : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per save, not per render of onSaved
  useEffect(() => {
    if (!saved) return;
    onSaved(saved);
    toast.show({ tone: 'success', message: 'The campaign’s sources were saved.' });
  }, [saved]);

  return (
    <Form className="campaign-form campaign-source-form" aria-label="Campaign sources" onSubmit={submit}>
      <CampaignSourcesField
        initial={{ includeSources: stored.includeSources, excludeSources: stored.excludeSources }}
        onChange={setSources}
        hint="Where this campaign’s articles come from: the global pool and all your feeds unless you choose. The articles below follow what is saved."
      />
      {save.status === 'failure' && save.error ? (
        <Alert tone="error" title="The sources were not saved">
          {save.error.message}
        </Alert>
      ) : null}
      <div className="campaign-form__actions">
        <Button type="submit" disabled={!changed || save.status === 'loading'}>
          {save.status === 'loading' ? 'Saving…' : 'Save sources'}
        </Button>
      </div>
    </Form>
  );
}
