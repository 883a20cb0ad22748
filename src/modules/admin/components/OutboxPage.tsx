import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { type OutboxPage as OutboxPageData, userApi } from '../../../api/userApi.ts';
import { areaLinks } from '../../../router/areaLinks.ts';
import { Button } from '../../../ui/Button.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { Card } from '../../../ui/Card.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { Pagination } from '../../../ui/Pagination.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { useRequest } from '../../shared/hooks/useRequest.ts';
import { OutboxEmailDialog } from './OutboxEmailDialog.tsx';
import { OutboxTable } from './OutboxTable.tsx';

export const OUTBOX_PAGE_SIZE = 20;

type PageQuery = { offset: number; limit: number };

/** /admin/outbox: every email the product sent or queued, newest first (internal admins only). */
export function OutboxPage() {
  const [offset, setOffset] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);
  const outbox = useRequest<PageQuery, OutboxPageData>((page, signal) => userApi.outbox(page, signal));
  const load = outbox.submit;

  useEffect(() => load({ offset, limit: OUTBOX_PAGE_SIZE }), [offset, load]);

  const reload = () => load({ offset, limit: OUTBOX_PAGE_SIZE });
  const page = outbox.data;
  const loading = outbox.status === 'loading' || outbox.status === 'idle';
  const open = page?.data.find((email) => email.id === openId) ?? null;

  let body: ReactNode;
  if (outbox.status === 'failure' && outbox.error?.kind === 'permission') {
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
        The outbox shows emails sent to every customer, so only internal admins may read it. Your account is
        not one.
      </StatePanel>
    );
  } else if (outbox.status === 'failure' && outbox.error) {
    body = (
      <StatePanel
        kind="error"
        title="The outbox could not be loaded"
        actions={
          <Button variant="secondary" onClick={reload}>
            Try again
          </Button>
        }
      >
        {outbox.error.message}
      </StatePanel>
    );
  } else if (!page) {
    body = <StatePanel kind="loading" title="Loading the outbox…" />;
  } else if (page.total_count === 0) {
    body = (
      <StatePanel kind="empty" title="No emails yet">
        Emails the product sends (password resets now, campaigns and workflows later) appear here as soon as
        they are written.
      </StatePanel>
    );
  } else {
    body = (
      <>
        <OutboxTable emails={page.data} busy={loading} onOpen={(id) => setOpenId(id)} />
        <Pagination
          offset={offset}
          limit={OUTBOX_PAGE_SIZE}
          total={page.total_count}
          noun="emails"
          disabled={loading}
          onChange={(next) => setOffset(next)}
        />
      </>
    );
  }

  const permissionDenied = outbox.error?.kind === 'permission';
  return (
    <div>
      <PageHeader
        eyebrow="Admin"
        title="Outbox"
        description="Every email the product has sent or queued, newest first. Open one to read it."
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
      <OutboxEmailDialog email={open} onClose={() => setOpenId(null)} />
    </div>
  );
}
