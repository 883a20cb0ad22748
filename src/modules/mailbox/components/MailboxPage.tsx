import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { MailboxItem, MailboxPage as MailboxList } from '../../../../domain/mailboxTypes.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { ListPager } from '../../shared/components/ListPager.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { countedRows, usePagedList } from '../../shared/hooks/usePagedList.ts';
import { MailboxSendForm } from './MailboxSendForm.tsx';
import { MailboxTable } from './MailboxTable.tsx';
import { MailboxViewer } from './MailboxViewer.tsx';
import './MailboxPage.css';
import { Link } from '@tanstack/react-router';
import { areaLinks } from '../../../router/routeTable.ts';
import { buttonClassName } from '../../../ui/buttonClassName.ts';

export const MAILBOX_PAGE_SIZE = 20;
/** While a listed email is still queued or sending, the list is read again after this long. */
export const MAILBOX_PENDING_REFRESH_MS = 1500;

const TRANSPORT_TEXT = {
  mailbox:
    'No SMTP server is configured (SMTP_URL), so marketing email is delivered here only. Open an email to read it: ' +
    'its open pixel and links are tracked as in a real inbox, so workflows react to what you do.',
  smtp:
    'Email is sent over SMTP (SMTP_URL is set). This page lists what your organisation sent and shows each email ' +
    'as it was sent; opening one here counts as an open.',
};

/**
 * /mailbox: the demo mailbox. Every marketing email of the organisation (searchable by recipient or
 * subject, 300 ms debounce; blank shows all), one rendered, and a send form.
 */
export function MailboxPage() {
  const { mailboxApi } = useServices();
  const [openId, setOpenId] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = (sendId: number, button: HTMLElement) => {
    opener.current = button;
    setOpenId(sendId);
  };
  const close = () => {
    setOpenId(null);
    if (opener.current?.isConnected) opener.current.focus();
  };
  const list = usePagedList<MailboxList, MailboxItem>({
    mode: 'url',
    name: 'mailbox',
    pageSize: MAILBOX_PAGE_SIZE,
    load: (query, signal) =>
      mailboxApi.list({ offset: query.offset, limit: query.limit, q: query.q }, signal),
    ...countedRows<MailboxItem>((item) => item.send_id),
  });
  const { reload } = list;
  const search = list.query.q;
  const page = list.latest;
  const items = list.rows;
  const pending = items.some((item) => item.status === 'queued' || item.status === 'sending');
  const loading = list.status === 'loading' || list.status === 'idle';
  useEffect(() => {
    if (!pending || loading) return;
    const timer = setTimeout(reload, MAILBOX_PENDING_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [pending, loading, reload]);

  let body: ReactNode;
  if (list.status === 'failure' && list.error && !list.appending) {
    body = (
      <LoadErrorPanel
        title="The mailbox could not be loaded"
        message={list.error.message}
        onRetry={list.retry}
      />
    );
  } else if (!page) {
    body = <StatePanel kind="loading" title="Loading the mailbox…" />;
  } else if (page.total_count === 0 && search) {
    body = (
      <StatePanel kind="empty" title={`No emails match “${search}”`}>
        The search looks at each email’s recipient (address or name) and subject.
      </StatePanel>
    );
  } else if (page.total_count === 0) {
    body = (
      <StatePanel
        kind="empty"
        title="No emails yet"
        actions={
          <Link {...areaLinks.automation} className={buttonClassName('secondary')}>
            Go to Automation
          </Link>
        }
      >
        Send one to a demo contact with the form above; the emails your workflows send appear here too.
      </StatePanel>
    );
  } else {
    body = (
      <>
        <MailboxTable items={items} busy={loading && !list.appending} openId={openId} onOpen={open} />
        <ListPager list={list} noun={['email', 'emails']} />
      </>
    );
  }

  return (
    <div className="mailbox-page">
      <PageHeader
        title="Demo mailbox"
        description="The marketing email your organisation sends, as the contacts receive it."
        actions={
          <Button
            variant="secondary"
            onClick={reload}
            loading={loading && page !== null && !list.appending}
            disabled={loading}
          >
            Refresh
          </Button>
        }
      />
      {page ? <Alert tone="info">{TRANSPORT_TEXT[page.transport]}</Alert> : null}
      <MailboxSendForm onSent={reload} />
      <Card flush>
        <div className="mailbox-toolbar">
          <TextField
            label="Search the mailbox"
            type="search"
            placeholder="Recipient or subject"
            maxLength={100}
            value={list.searchText}
            onChange={(event) => list.setSearchText(event.target.value)}
            className="mailbox-toolbar__search"
          />
        </div>
        {body}
      </Card>
      {openId !== null ? <MailboxViewer sendId={openId} onClose={close} /> : null}
    </div>
  );
}
