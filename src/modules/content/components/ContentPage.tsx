import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  type AdvancedSearch,
  advancedSearchCount,
  DEFAULT_ADVANCED_SEARCH,
} from '../../../../domain/contentAdvancedSearch.ts';
import type { Article, ContentTab, SourceFilterEntry } from '../../../../domain/contentArticles.ts';
import { countOf } from '../../../../domain/countOf.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import { Button } from '../../../ui/Button.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useToast } from '../../../ui/useToast.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { useArticleList } from '../hooks/useArticleList.ts';
import { useCampaignAdvancedSearch } from '../hooks/useCampaignAdvancedSearch.ts';
import { AdvancedSearchPanel } from './AdvancedSearchPanel.tsx';
import { ArticleList } from './ArticleList.tsx';
import { ArticlePreviewPanel } from './ArticlePreviewPanel.tsx';
import { ContentTabsNav } from './ContentTabsNav.tsx';
import { CurationPanel } from './CurationPanel.tsx';
import { FeedsPanel } from './FeedsPanel.tsx';
import '../content.css';

type Patch = Partial<Pick<Article, 'is_favourite' | 'article_is_favourite' | 'is_curated'>>;

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
  const toast = useToast();
  const [advanced, setAdvanced] = useState<AdvancedSearch>(DEFAULT_ADVANCED_SEARCH);
  const [showAdvanced, setShowAdvanced] = useState(false);
  const forCampaign = useCampaignAdvancedSearch(setAdvanced);
  const list = useArticleList(tab, advanced);
  const [patches, setPatches] = useState<Record<number, Patch>>({});
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [favouriteBusy, setFavouriteBusy] = useState<Set<number>>(new Set());
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [curating, setCurating] = useState(false);

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
  const { reload } = list;
  useEffect(() => {
    if (entries === null) return;
    if (lastFeedCount.current !== null && feedCount > lastFeedCount.current) reload();
    lastFeedCount.current = feedCount;
  }, [entries, feedCount, reload]);

  // A new tab or search starts with nothing checked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the selection belongs to one tab and query
  useEffect(() => setChecked(new Set()), [tab, list.query.q, advanced]);

  const articles = useMemo(
    () => list.rows.map((a) => (patches[a.id] ? { ...a, ...patches[a.id] } : a)),
    [list.rows, patches],
  );

  const toggleFavourite = useCallback(
    (article: Article) => {
      const next = !article.is_favourite;
      const id = article.id;
      setPatches((p) => ({ ...p, [id]: { ...p[id], is_favourite: next, article_is_favourite: next } }));
      setFavouriteBusy((busy) => new Set(busy).add(id));
      api
        .setFavourite(id, next)
        .catch((error: unknown) => {
          setPatches((p) => ({ ...p, [id]: { ...p[id], is_favourite: !next, article_is_favourite: !next } }));
          toast.show({
            tone: 'error',
            message: error instanceof Error ? error.message : 'The favourite could not be saved.',
          });
        })
        .finally(() =>
          setFavouriteBusy((busy) => {
            const copy = new Set(busy);
            copy.delete(id);
            return copy;
          }),
        );
    },
    [api, toast],
  );

  const markCurated = useCallback((ids: number[], value: boolean) => {
    setPatches((p) => {
      const copy = { ...p };
      for (const id of ids) copy[id] = { ...copy[id], is_curated: value };
      return copy;
    });
  }, []);

  const count = advancedSearchCount(advanced);
  // A new search that failed leaves the older answer in the list: its count is not this search's.
  const failedAnew = list.status === 'failure' && !list.appending && list.query.offset === 0;
  const total = failedAnew ? null : (list.latest?.total_count ?? null);
  const capped = list.latest?.total_capped === true;
  const checkedIds = articles.filter((a) => checked.has(a.id)).map((a) => a.id);

  return (
    <div className="content-page" data-preview={previewId !== null || undefined}>
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
      <div className="content-toolbar">
        <TextField
          label="Search articles"
          type="search"
          placeholder="A subject, a company, “a phrase”"
          value={list.searchText}
          onChange={(event) => list.setSearchText(event.target.value)}
          autoComplete="off"
        />
        <Button
          variant="secondary"
          aria-expanded={showAdvanced}
          aria-controls="content-advanced"
          onClick={() => setShowAdvanced((open) => !open)}
        >
          Advanced search{count > 0 ? ` (${count})` : ''}
        </Button>
        <p className="content-toolbar__count" aria-live="polite" data-testid="articles-total">
          {total === null
            ? ''
            : capped
              ? `${formatThousands(total)}+ articles`
              : countOf(total, 'article', 'articles')}
        </p>
      </div>
      {showAdvanced ? (
        <div className="content-advanced" id="content-advanced">
          {entries ? (
            <AdvancedSearchPanel value={advanced} sources={entries} onApply={setAdvanced} />
          ) : (
            <p>Loading your sources…</p>
          )}
          <FeedsPanel sources={entries ?? []} onAdded={() => setSourcesAsk((n) => n + 1)} />
        </div>
      ) : null}
      <div className="content-layout">
        <div className="content-layout__main">
          <ArticleList
            tab={tab}
            onAddFeed={() => {
              setShowAdvanced(true);
              // Once the sources are shown: to the field where a feed's address goes.
              requestAnimationFrame(() =>
                document.querySelector<HTMLInputElement>('.feeds-panel__form input')?.focus(),
              );
            }}
            list={list}
            articles={articles}
            checked={checked}
            onCheck={(id, on) =>
              setChecked((current) => {
                const next = new Set(current);
                if (on) next.add(id);
                else next.delete(id);
                return next;
              })
            }
            onFavourite={toggleFavourite}
            onPreview={(article) => setPreviewId(article.id)}
            favouriteBusy={favouriteBusy}
          />
        </div>
        {previewId !== null ? (
          <ArticlePreviewPanel articleId={previewId} onClose={() => setPreviewId(null)} />
        ) : null}
      </div>
      {checkedIds.length > 0 ? (
        <section className="content-selection" aria-label="Selected articles">
          <span>{checkedIds.length} selected</span>
          <Button variant="ghost" size="sm" onClick={() => setChecked(new Set())}>
            Clear
          </Button>
          <Button size="sm" onClick={() => setCurating(true)}>
            Add to email
          </Button>
        </section>
      ) : null}
      {curating ? (
        <CurationPanel
          open={curating}
          articleIds={checkedIds}
          onClose={() => setCurating(false)}
          onAdded={(ids) => {
            markCurated(ids, true);
            setChecked(new Set());
          }}
          onUndone={(ids) => markCurated(ids, false)}
          campaignId={forCampaign?.campaignId ?? null}
        />
      ) : null}
    </div>
  );
}
