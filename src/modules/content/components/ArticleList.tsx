import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { Article, ContentTab } from '../../../../domain/contentArticles.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import { areaLinks } from '../../../router/routeTable.ts';
import { Button } from '../../../ui/Button.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { ListPager } from '../../shared/components/ListPager.tsx';
import { EMPTY_TAB_NEXT, EMPTY_TAB_TEXT } from '../contentTabLabels.ts';
import type { ArticleList as ArticleListState } from '../hooks/useArticleList.ts';
import { ArticleCard } from './ArticleCard.tsx';

type Props = {
  tab: ContentTab;
  list: ArticleListState;
  /** The articles as shown (the list's, with the screen's favourite and curation changes). */
  articles: Article[];
  checked: ReadonlySet<number>;
  onCheck: (id: number, checked: boolean) => void;
  onFavourite: (article: Article) => void;
  onPreview: (article: Article) => void;
  favouriteBusy: ReadonlySet<number>;
  /** Opens the sources, where a feed is added (what an empty Explorer asks for). */
  onAddFeed: () => void;
};

const LOAD_ERROR = 'The articles could not be loaded';

/** The way on from an empty tab (EMPTY_TAB_NEXT). */
function EmptyTabAction({ tab, onAddFeed }: { tab: ContentTab; onAddFeed: () => void }) {
  const className = buttonClassName('secondary');
  switch (EMPTY_TAB_NEXT[tab]) {
    case 'feeds':
      return (
        <Button variant="secondary" onClick={onAddFeed}>
          Add a feed
        </Button>
      );
    case 'explorer':
      return (
        <Link {...areaLinks.content} className={className}>
          Go to the Explorer
        </Link>
      );
    case 'accounts':
      return (
        <Link to="/audiences/{-$page}/{-$tab}/{-$subTab}" params={{ page: 'accounts' }} className={className}>
          Go to Accounts
        </Link>
      );
    case 'campaigns':
      return (
        <Link {...areaLinks.campaigns} className={className}>
          Go to Campaigns
        </Link>
      );
  }
}

/**
 * The explorer's results: loading, error (with Try again), empty, or the cards; the next page loads when
 * the end of the list comes into view (and with Show more).
 */
export function ArticleList({
  tab,
  list,
  articles,
  checked,
  onCheck,
  onFavourite,
  onPreview,
  favouriteBusy,
  onAddFeed,
}: Props) {
  const sentinel = useRef<HTMLDivElement>(null);
  // Scrolled to the end: the next page, unless the last one failed (that one waits for Try again).
  const loadMore = () => {
    if (!(list.status === 'failure' && list.appending)) list.showMore();
  };
  const loadMoreRef = useRef(loadMore);
  loadMoreRef.current = loadMore;
  const more = list.hasMore;
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !more || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMoreRef.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [more]);

  const loading = list.status === 'loading' || list.status === 'idle';
  const failedFirst = list.status === 'failure' && !list.appending ? list.error : null;
  if (list.latest === null) {
    if (failedFirst)
      return <LoadErrorPanel title={LOAD_ERROR} message={failedFirst.message} onRetry={list.retry} />;
    return <StatePanel kind="loading" title="Loading articles…" />;
  }
  // A new search (offset 0) that failed: the cards shown answer an older one, so they make way for the error.
  const failedAnew = failedFirst !== null && list.query.offset === 0;
  if (articles.length === 0 || failedAnew) {
    if (loading) return <StatePanel kind="loading" title="Loading articles…" />;
    if (failedFirst)
      return <LoadErrorPanel title={LOAD_ERROR} message={failedFirst.message} onRetry={list.retry} />;
    return (
      <StatePanel
        kind="empty"
        title={list.query.q ? 'No articles match' : 'Nothing here yet'}
        actions={list.query.q ? undefined : <EmptyTabAction tab={tab} onAddFeed={onAddFeed} />}
      >
        {list.query.q ? `No article matches “${list.query.q}” with these settings.` : EMPTY_TAB_TEXT[tab]}
      </StatePanel>
    );
  }
  return (
    <>
      <ul className="article-cards" aria-label="Articles" aria-busy={loading && !list.appending}>
        {articles.map((article) => (
          <ArticleCard
            key={article.id}
            article={article}
            checked={checked.has(article.id)}
            onCheck={(on) => onCheck(article.id, on)}
            onFavourite={() => onFavourite(article)}
            onPreview={() => onPreview(article)}
            favouriteBusy={favouriteBusy.has(article.id)}
          />
        ))}
      </ul>
      {failedFirst ? (
        <LoadErrorPanel compact title={LOAD_ERROR} message={failedFirst.message} onRetry={list.retry} />
      ) : null}
      <div className="article-cards__more" ref={sentinel}>
        <ListPager
          list={list}
          noun={['article', 'articles']}
          totalLabel={`${formatThousands(list.total)}${list.latest.total_capped ? '+' : ''}`}
        />
      </div>
    </>
  );
}
