import { useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { type AdvancedSearch, advancedSearchOfCampaign } from '../../../../domain/contentAdvancedSearch.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';

/**
 * Curating for a campaign (/content/{tab}?campaign_id=…, the campaign page's "Find articles"): loads the
 * campaign and hands its stored advanced search (sources, keywords) to `apply` once, as the explorer's
 * starting filter. Answers the campaign (null without one, or until it is loaded).
 */
export function useCampaignAdvancedSearch(
  apply: (value: AdvancedSearch) => void,
): { campaignId: number; campaignName: string } | null {
  const api = useServices().campaignApi;
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const raw = String(search.campaign_id ?? '');
  const campaignId = /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const campaign = useLoad((id: number, signal) => api.details(id, signal), 'curationCampaign');
  const { load } = campaign;
  useEffect(() => {
    if (campaignId !== null) load(campaignId);
  }, [campaignId, load]);
  const data = campaignId !== null && campaign.data?.campaign_id === campaignId ? campaign.data : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: applied once per loaded campaign, not per render of apply
  useEffect(() => {
    if (data) apply(advancedSearchOfCampaign(data.advanced_search));
  }, [data]);
  return data ? { campaignId: data.campaign_id, campaignName: data.campaign_name } : null;
}
