import type { ReactNode } from 'react';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import type { PagedList } from '../hooks/usePagedList.ts';
import { CardGrid } from './CardGrid.tsx';
import { ListPager } from './ListPager.tsx';
import './cardListPage.css';

type Props<TAnswer, TRow, F extends string, S extends string> = {
  header: { eyebrow: string; title: string; description: string; actions: ReactNode };
  list: PagedList<TAnswer, TRow, F, S>;
  searchLabel: string;
  /** Fields after the search (filters). */
  filters?: ReactNode;
  /** How many there are ("12 lists"), once known. */
  count: ReactNode;
  countTestId: string;
  /** What one card is, and many ("list", "lists"): the pager's words. */
  noun: readonly [string, string];
  /** The grid's accessible name ("Lists"). */
  cardsLabel: string;
  loadingTitle: string;
  loadErrorTitle: string;
  /** A search or filter is on (an empty list is then "no match", not "nothing yet"). */
  filtered: boolean;
  /** The state of an organisation that has none yet: what to do first. */
  nothingYet: ReactNode;
  /** Why nothing matches. */
  noMatch: ReactNode;
  renderCard: (row: TRow) => ReactNode;
  /** The page's dialogs. */
  children?: ReactNode;
};

/**
 * A page whose list is cards (lists, campaigns): header, search and filters with the count, the cards in
 * a grid with Show more, and the loading, empty, no-match and failed (Try again) states.
 */
export function CardListPage<TAnswer, TRow, F extends string, S extends string>({
  header,
  list,
  searchLabel,
  filters,
  count,
  countTestId,
  noun,
  cardsLabel,
  loadingTitle,
  loadErrorTitle,
  filtered,
  nothingYet,
  noMatch,
  renderCard,
  children,
}: Props<TAnswer, TRow, F, S>) {
  const failed = list.status === 'failure' && !list.appending ? list.error : null;
  // Before the first item there is nothing to search or filter: the empty state says what to do.
  const nothingYetShown = list.latest !== null && list.total === 0 && list.rows.length === 0 && !filtered;
  let body: ReactNode;
  if (failed && list.latest === null) {
    body = <LoadErrorPanel title={loadErrorTitle} message={failed.message} onRetry={list.retry} />;
  } else if (list.latest === null) {
    body = <StatePanel kind="loading" title={loadingTitle} />;
  } else if (nothingYetShown) {
    body = nothingYet;
  } else if (list.rows.length === 0) {
    body = noMatch;
  } else {
    body = (
      <>
        {failed ? (
          <LoadErrorPanel compact title={loadErrorTitle} message={failed.message} onRetry={list.retry} />
        ) : null}
        <CardGrid label={cardsLabel} busy={list.status === 'loading' && !list.appending}>
          {list.rows.map(renderCard)}
        </CardGrid>
        <ListPager list={list} noun={noun} />
      </>
    );
  }
  return (
    <div className="card-list-page">
      <PageHeader {...header} />
      <div className="card-list-page__toolbar" hidden={nothingYetShown}>
        <TextField
          label={searchLabel}
          type="search"
          value={list.searchText}
          onChange={(event) => list.setSearchText(event.target.value)}
          autoComplete="off"
        />
        {filters}
        {list.latest !== null && !nothingYetShown ? (
          <p className="card-list-page__count" data-testid={countTestId}>
            {count}
          </p>
        ) : null}
      </div>
      {body}
      {children}
    </div>
  );
}
