import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import type { AdvancedSearch } from '../../../../domain/contentAdvancedSearch.ts';
import type { Article, ContentTab } from '../../../../domain/contentArticles.ts';
import { countOf } from '../../../../domain/countOf.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useToast } from '../../../ui/useToast.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useArticleList } from '../hooks/useArticleList.ts';
import { ArticleList } from './ArticleList.tsx';
import { ArticlePreviewPanel } from './ArticlePreviewPanel.tsx';
import { CurationPanel } from './CurationPanel.tsx';
import '../content.css';

type Patch = Partial<Pick<Article, 'is_favourite' | 'article_is_favourite' | 'is_curated'>>;

type Props = {
  tab: ContentTab;
  advanced: AdvancedSearch;
  /** The campaign curated for: the curation panel's new email goes into it. */
  campaignId: number | null;
  /** The previously sent tab lists only this campaign's sent editions. */
  sentOf?: number | null;
  /** Beside the search field (the explorer's Advanced search button). */
  toolbarExtra?: ReactNode;
  /** Between the toolbar and the list (the explorer's advanced search and feeds). */
  belowToolbar?: ReactNode;
  /** What an empty tab's Add a feed does. */
  onAddFeed: () => void;
  /** Each new value reloads the list from the top (a feed brought new articles). */
  reloadKey?: number;
};

/**
 * Articles to curate, as the content explorer and a campaign's content steps show them: the search field
 * and count, the paged list of one tab (favourite stars, a preview side panel, checkboxes), the selection
 * bar and the curation panel that adds the checked articles to a draft edition.
 */
export function ArticleCurationView({
  tab,
  advanced,
  campaignId,
  sentOf = null,
  toolbarExtra,
  belowToolbar,
  onAddFeed,
  reloadKey = 0,
}: Props) {
  const api = useServices().contentApi;
  const toast = useToast();
  const list = useArticleList(tab, advanced, sentOf);
  const [patches, setPatches] = useState<Record<number, Patch>>({});
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [favouriteBusy, setFavouriteBusy] = useState<Set<number>>(new Set());
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [curating, setCurating] = useState(false);

  const { reload } = list;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new key reloads, not a new reload function
  useEffect(() => {
    if (reloadKey > 0) reload();
  }, [reloadKey]);

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

  // A new search that failed leaves the older answer in the list: its count is not this search's.
  const failedAnew = list.status === 'failure' && !list.appending && list.query.offset === 0;
  const total = failedAnew ? null : (list.latest?.total_count ?? null);
  const capped = list.latest?.total_capped === true;
  const checkedIds = articles.filter((a) => checked.has(a.id)).map((a) => a.id);

  return (
    <div className="article-curation" data-preview={previewId !== null || undefined}>
      <div className="content-toolbar">
        <TextField
          label="Search articles"
          type="search"
          placeholder="A subject, a company, “a phrase”"
          value={list.searchText}
          onChange={(event) => list.setSearchText(event.target.value)}
          autoComplete="off"
        />
        {toolbarExtra}
        <p className="content-toolbar__count" aria-live="polite" data-testid="articles-total">
          {total === null
            ? ''
            : capped
              ? `${formatThousands(total)}+ articles`
              : countOf(total, 'article', 'articles')}
        </p>
      </div>
      {belowToolbar}
      <div className="content-layout">
        <div className="content-layout__main">
          <ArticleList
            tab={tab}
            onAddFeed={onAddFeed}
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
          campaignId={campaignId}
        />
      ) : null}
    </div>
  );
}
