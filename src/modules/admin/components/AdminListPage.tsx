import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { areaLinks } from '../../../router/routeTable.ts';
import { Button } from '../../../ui/Button.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { Card } from '../../../ui/Card.tsx';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { Pagination } from '../../../ui/Pagination.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { useRequest } from '../../shared/hooks/useRequest.ts';

export const ADMIN_PAGE_SIZE = 20;

export type PageQuery = { offset: number; limit: number };
export type ListPage<T> = { total_count: number; data: T[] };

type Props<T> = {
  title: string;
  description: string;
  /** What one item is called in the pager ("emails"). */
  noun: string;
  fetchPage: (query: PageQuery, signal: AbortSignal) => Promise<ListPage<T>>;
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

/** A paged list for internal admins (outbox, support messages): loading, empty, refused and failed states. */
export function AdminListPage<T>({
  title,
  description,
  noun,
  fetchPage,
  texts,
  renderList,
  children,
}: Props<T>) {
  const [offset, setOffset] = useState(0);
  const list = useRequest<PageQuery, ListPage<T>>(fetchPage);
  const load = list.submit;

  useEffect(() => load({ offset, limit: ADMIN_PAGE_SIZE }), [offset, load]);

  const reload = () => load({ offset, limit: ADMIN_PAGE_SIZE });
  const page = list.data;
  const loading = list.status === 'loading' || list.status === 'idle';
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
  } else if (list.status === 'failure' && list.error) {
    body = <LoadErrorPanel title={texts.failureTitle} message={list.error.message} onRetry={reload} />;
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
        {renderList(page.data, loading)}
        <Pagination
          offset={offset}
          limit={ADMIN_PAGE_SIZE}
          total={page.total_count}
          noun={noun}
          disabled={loading}
          onChange={(next) => setOffset(next)}
        />
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
