import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { areaLinks } from '../../../router/routeTable.ts';
import { Button } from '../../../ui/Button.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { Card } from '../../../ui/Card.tsx';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { ListPager } from '../../shared/components/ListPager.tsx';
import { type CountedPage, countedRows, usePagedList } from '../../shared/hooks/usePagedList.ts';

export const ADMIN_PAGE_SIZE = 20;

export type PageQuery = { offset: number; limit: number };

type Props<T> = {
  title: string;
  description: string;
  /** What one item is called, and many, in the pager ("email", "emails"). */
  noun: readonly [string, string];
  /** The load actor's name in the session log. */
  name: string;
  fetchPage: (query: PageQuery, signal: AbortSignal) => Promise<CountedPage<T>>;
  rowKey: (item: T) => string | number;
  texts: {
    denied: ReactNode;
    failureTitle: string;
    loadingTitle: string;
    emptyTitle: string;
    empty: ReactNode;
  };
  renderList: (items: T[], busy: boolean) => ReactNode;
  children?: ReactNode;
};

/**
 * A paged list for internal admins (outbox, support messages), newest first, its page in the address:
 * loading, empty, refused and failed states, and Show more.
 */
export function AdminListPage<T>({
  title,
  description,
  noun,
  name,
  fetchPage,
  rowKey,
  texts,
  renderList,
  children,
}: Props<T>) {
  const list = usePagedList({
    mode: 'url',
    name,
    pageSize: ADMIN_PAGE_SIZE,
    load: (query, signal) => fetchPage({ offset: query.offset, limit: query.limit }, signal),
    ...countedRows<T>(rowKey),
  });
  const reload = list.reload;
  const page = list.latest;
  const loading = (list.status === 'loading' || list.status === 'idle') && !list.appending;
  const permissionDenied = list.status === 'failure' && list.error?.kind === 'permission';

  let body: ReactNode;
  if (permissionDenied) {
    body = (
      <StatePanel
        kind="error"
        title="Internal admins only"
        actions={
          <Link {...areaLinks.campaigns} className={buttonClassName('secondary')}>
            Back to campaigns
          </Link>
        }
      >
        {texts.denied}
      </StatePanel>
    );
  } else if (list.status === 'failure' && list.error && !list.appending) {
    body = <LoadErrorPanel title={texts.failureTitle} message={list.error.message} onRetry={list.retry} />;
  } else if (!page) {
    body = <StatePanel kind="loading" title={texts.loadingTitle} />;
  } else if (page.total_count === 0) {
    body = (
      <StatePanel kind="empty" title={texts.emptyTitle}>
        {texts.empty}
      </StatePanel>
    );
  } else {
    body = (
      <>
        {renderList(list.rows, loading)}
        <ListPager list={list} noun={noun} />
      </>
    );
  }

  return (
    <div>
      <PageHeader
        eyebrow="Admin"
        title={title}
        description={description}
        actions={
          permissionDenied ? undefined : (
            <Button
              variant="secondary"
              onClick={reload}
              loading={loading && page !== null}
              disabled={loading}
            >
              Refresh
            </Button>
          )
        }
      />
      <Card flush>{body}</Card>
      {children}
    </div>
  );
}
