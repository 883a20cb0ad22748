import type { ReactNode } from 'react';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { Table, type TableProps } from '../../../ui/Table.tsx';
import type { PagedList } from '../hooks/usePagedList.ts';
import { ListPager } from './ListPager.tsx';

type Props<TAnswer, TRow, F extends string, S extends string> = Omit<
  TableProps<TRow>,
  'rows' | 'loading' | 'error' | 'empty' | 'captionHidden'
> & {
  list: PagedList<TAnswer, TRow, F, S>;
  /** Shown in place of the rows when there are none. */
  empty: ReactNode;
  /** What could not be loaded ("The contacts could not be loaded"), with Try again. */
  errorTitle: string;
  /** What one row is, and many, for the pager ("contact", "contacts"). */
  noun: readonly [string, string];
  /** Show the caption (default: read by screen readers only). */
  captionShown?: boolean;
};

/**
 * A paged list as a table: the rows of a usePagedList with its loading, empty and failed states (Try
 * again), and the pager (Show more). While a next page loads, the rows shown stay as they are.
 */
export function PagedTable<TAnswer, TRow, F extends string, S extends string>({
  list,
  empty,
  errorTitle,
  noun,
  captionShown = false,
  ...table
}: Props<TAnswer, TRow, F, S>) {
  const failedFirst = list.status === 'failure' && !list.appending && list.error;
  return (
    <>
      {failedFirst && list.rows.length > 0 ? (
        <LoadErrorPanel compact title={errorTitle} message={failedFirst.message} onRetry={list.retry} />
      ) : null}
      <Table
        {...table}
        captionHidden={!captionShown}
        rows={failedFirst && list.rows.length === 0 ? [] : list.rows}
        loading={(list.status === 'loading' || list.status === 'idle') && !list.appending}
        error={
          failedFirst && list.rows.length === 0 ? (
            <LoadErrorPanel compact title={errorTitle} message={failedFirst.message} onRetry={list.retry} />
          ) : undefined
        }
        empty={empty}
      />
      <ListPager list={list} noun={noun} />
    </>
  );
}
