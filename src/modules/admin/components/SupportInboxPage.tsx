import { type ReactNode, useEffect, useState } from 'react';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { Pagination } from '../../../ui/Pagination.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { useRequest } from '../../shared/hooks/useRequest.ts';
import { type SupportInboxPage as SupportInboxData, supportApi } from '../../support/api/supportApi.ts';
import { SupportInboxList } from './SupportInboxList.tsx';

export const SUPPORT_INBOX_PAGE_SIZE = 20;

type PageQuery = { offset: number; limit: number };

/** /admin/support: every message sent from the support-chat widget, newest first (internal admins only). */
export function SupportInboxPage() {
  const [offset, setOffset] = useState(0);
  const inbox = useRequest<PageQuery, SupportInboxData>((page, signal) => supportApi.inbox(page, signal));
  const load = inbox.submit;

  useEffect(() => load({ offset, limit: SUPPORT_INBOX_PAGE_SIZE }), [offset, load]);

  const reload = () => load({ offset, limit: SUPPORT_INBOX_PAGE_SIZE });
  const page = inbox.data;
  const loading = inbox.status === 'loading' || inbox.status === 'idle';
  const permissionDenied = inbox.status === 'failure' && inbox.error?.kind === 'permission';

  let body: ReactNode;
  if (permissionDenied) {
    body = (
      <StatePanel kind="error" title="Internal admins only">
        Support messages come from every customer, so only internal admins may read them. Your account is not
        one.
      </StatePanel>
    );
  } else if (inbox.status === 'failure' && inbox.error) {
    body = (
      <StatePanel
        kind="error"
        title="The support messages could not be loaded"
        actions={
          <Button variant="secondary" onClick={reload}>
            Try again
          </Button>
        }
      >
        {inbox.error.message}
      </StatePanel>
    );
  } else if (!page) {
    body = <StatePanel kind="loading" title="Loading support messages…" />;
  } else if (page.total_count === 0) {
    body = (
      <StatePanel kind="empty" title="No support messages yet">
        Messages people send from the chat button at the bottom right of the workbench appear here.
      </StatePanel>
    );
  } else {
    body = (
      <>
        <SupportInboxList messages={page.data} busy={loading} />
        <Pagination
          offset={offset}
          limit={SUPPORT_INBOX_PAGE_SIZE}
          total={page.total_count}
          noun="messages"
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
        title="Support messages"
        description="Everything people sent from the support chat, newest first, with who sent it and from which page. Reply to them by email."
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
    </div>
  );
}
