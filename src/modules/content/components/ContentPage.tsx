import { useEffect, useRef, useState } from 'react';
import {
  type AdvancedSearch,
  advancedSearchCount,
  DEFAULT_ADVANCED_SEARCH,
} from '../../../../domain/contentAdvancedSearch.ts';
import type { ContentTab, SourceFilterEntry } from '../../../../domain/contentArticles.ts';
import { Button } from '../../../ui/Button.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { useCampaignAdvancedSearch } from '../hooks/useCampaignAdvancedSearch.ts';
import { AdvancedSearchPanel } from './AdvancedSearchPanel.tsx';
import { ArticleCurationView } from './ArticleCurationView.tsx';
import { ContentTabsNav } from './ContentTabsNav.tsx';
import { FeedsPanel } from './FeedsPanel.tsx';
import '../content.css';

/** While a feed waits for its first fetch, its state is read again this often (at most FEED_POLLS times). */
const FEED_POLL_MS = 3000;
const FEED_POLLS = 40;

const feedArticles = (sources: SourceFilterEntry[] | null) =>
  (sources ?? []).reduce((sum, entry) => sum + (entry.type === 'feed' ? entry.data.articles_count : 0), 0);

/**
 * /content/{tab}: the content explorer. Articles of the organisation's sources by tab, searched (the
 * term in the address, ranked, the matched words marked) and filtered by the advanced search; favourites
 * (star), a preview side panel, the organisation's feeds (add one, see its state) and curation: checked
 * articles go to a draft edition through the curation panel.
 */
export function ContentPage({ tab }: { tab: ContentTab }) {
  const api = useServices().contentApi;
  const [advanced, setAdvanced] = useState<AdvancedSearch>(DEFAULT_ADVANCED_SEARCH);
  const [showAdvanced, setShowAdvanced] = useState(false);
  const forCampaign = useCampaignAdvancedSearch(setAdvanced);
  const [reloadKey, setReloadKey] = useState(0);

  const sources = useLoad((_: number, signal) => api.listSources(signal), 'contentSources');
  const loadSources = sources.load;
  const [sourcesAsk, setSourcesAsk] = useState(0);
  useEffect(() => {
    loadSources(sourcesAsk);
  }, [sourcesAsk, loadSources]);
  const entries = sources.data;

  // A feed waiting for its first fetch is looked at again; new articles of a feed reload the list.
  const polls = useRef(0);
  const waiting = (entries ?? []).some((e) => e.type === 'feed' && e.is_active && !e.data.last_fetched_at);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer (entries) schedules the next look
  useEffect(() => {
    if (!waiting || polls.current >= FEED_POLLS) return;
    const timer = setTimeout(() => {
      polls.current += 1;
      setSourcesAsk((n) => n + 1);
    }, FEED_POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, entries]);
  const feedCount = feedArticles(entries);
  const lastFeedCount = useRef<number | null>(null);
  useEffect(() => {
    if (entries === null) return;
    if (lastFeedCount.current !== null && feedCount > lastFeedCount.current) setReloadKey((n) => n + 1);
    lastFeedCount.current = feedCount;
  }, [entries, feedCount]);

  const count = advancedSearchCount(advanced);

  return (
    <div className="content-page">
      <PageHeader
        eyebrow="Content"
        title="Content explorer"
        description="Find articles from the global pool and your own feeds, keep favourites and curate them into emails."
      />
      <ContentTabsNav current={tab} />
      {forCampaign !== null ? (
        <p className="content-campaign-note" role="status">
          Curating for <strong>{forCampaign.campaignName}</strong>: the advanced search starts from its
          sources and keywords.
        </p>
      ) : null}
      <ArticleCurationView
        tab={tab}
        advanced={advanced}
        campaignId={forCampaign?.campaignId ?? null}
        reloadKey={reloadKey}
        onAddFeed={() => {
          setShowAdvanced(true);
          // Once the sources are shown: to the field where a feed's address goes.
          requestAnimationFrame(() =>
            document.querySelector<HTMLInputElement>('.feeds-panel__form input')?.focus(),
          );
        }}
        toolbarExtra={
          <Button
            variant="secondary"
            aria-expanded={showAdvanced}
            aria-controls="content-advanced"
            onClick={() => setShowAdvanced((open) => !open)}
          >
            Advanced search{count > 0 ? ` (${count})` : ''}
          </Button>
        }
        belowToolbar={
          showAdvanced ? (
            <div className="content-advanced" id="content-advanced">
              {entries ? (
                <AdvancedSearchPanel value={advanced} sources={entries} onApply={setAdvanced} />
              ) : (
                <p>Loading your sources…</p>
              )}
              <FeedsPanel sources={entries ?? []} onAdded={() => setSourcesAsk((n) => n + 1)} />
            </div>
          ) : null
        }
      />
    </div>
  );
}
