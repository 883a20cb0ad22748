import { countOf } from '../../../../domain/countOf.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import { ShowMore } from '../../../ui/ShowMore.tsx';
import type { PagedList } from '../hooks/usePagedList.ts';

type Props<TAnswer, TRow, F extends string, S extends string> = {
  list: Pick<
    PagedList<TAnswer, TRow, F, S>,
    'rows' | 'total' | 'hasMore' | 'showMore' | 'retry' | 'status' | 'appending' | 'error' | 'query'
  >;
  /** What one row is, and many ("email", "emails"). */
  noun: readonly [string, string];
  /** A total the service does not count exactly ("1,000+"); default the list's total. */
  totalLabel?: string;
};

/**
 * The pager of every paged list (usePagedList): "Showing 20 of 134 emails" and Show more while rows lie
 * beyond; once a list has grown past its first page and reached its end, "All 134 emails shown"; a next
 * page that failed, with Try again. Nothing for a list that fits on its first page.
 */
export function ListPager<TAnswer, TRow, F extends string, S extends string>({
  list,
  noun,
  totalLabel,
}: Props<TAnswer, TRow, F, S>) {
  const [one, other] = noun;
  const shown = list.rows.length;
  const failed = list.status === 'failure' && list.appending && list.error;
  if (shown === 0 || (!list.hasMore && list.query.offset === 0 && !failed)) return null;
  const total = totalLabel ?? formatThousands(list.total);
  const summary = list.hasMore ? (
    <>
      Showing <strong>{formatThousands(shown)}</strong> of <strong>{total}</strong> {other}
    </>
  ) : (
    <>All {countOf(shown, one, other)} shown</>
  );
  return (
    <ShowMore
      summary={summary}
      hasMore={list.hasMore}
      loading={list.status === 'loading' && list.appending}
      onShowMore={list.showMore}
      noun={other}
      failure={failed ? { message: failed.message, onRetry: list.retry } : null}
    />
  );
}
