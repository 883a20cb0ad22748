import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import type { MailboxPage as MailboxList } from '../../../../domain/mailboxTypes.ts';
import { normaliseSearchTerm } from '../../../../domain/normaliseSearchTerm.ts';
import type { MailboxQuery } from '../../../api/mailboxApi.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { Pagination } from '../../../ui/Pagination.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
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
  const [searchText, setSearchText] = useState('');
  const search = normaliseSearchTerm(useDebouncedValue(searchText)).term;
  // The page chosen belongs to the search it was chosen under: a new term starts from the first page
  // (reset while rendering, React's pattern for state that follows a changed value).
  const [paging, setPaging] = useState({ search: '', offset: 0 });
  if (paging.search !== search) setPaging({ search, offset: 0 });
  const offset = paging.search === search ? paging.offset : 0;
  const setOffset = useCallback((next: number) => setPaging({ search, offset: next }), [search]);
  const list = useLoad<MailboxQuery, MailboxList>(
    (query, signal) => mailboxApi.list(query, signal),
    'mailbox',
  );
  const load = list.load;
  const reload = useCallback(
    () => load({ offset, limit: MAILBOX_PAGE_SIZE, q: search }),
    [load, offset, search],
  );

  useEffect(() => reload(), [reload]);

  const page = list.data;
  const pending = page?.data.some((item) => item.status === 'queued' || item.status === 'sending') ?? false;
  const loading = list.status === 'loading' || list.status === 'idle';
  useEffect(() => {
    if (!pending || loading) return;
    const timer = setTimeout(reload, MAILBOX_PENDING_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [pending, loading, reload]);

  const onSent = useCallback(() => {
    if (offset === 0) reload();
    else setOffset(0);
  }, [offset, reload, setOffset]);

  let body: ReactNode;
  if (list.status === 'failure' && list.error) {
    body = (
      <LoadErrorPanel title="The mailbox could not be loaded" message={list.error.message} onRetry={reload} />
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
        <MailboxTable items={page.data} busy={loading} openId={openId} onOpen={open} />
        <Pagination
          offset={offset}
          limit={MAILBOX_PAGE_SIZE}
          total={page.total_count}
          noun="emails"
          disabled={loading}
          onChange={setOffset}
        />
      </>
    );
  }

  return (
    <div className="mailbox-page">
      <PageHeader
        title="Demo mailbox"
        description="The marketing email your organisation sends, as the contacts receive it."
        actions={
          <Button variant="secondary" onClick={reload} loading={loading && page !== null} disabled={loading}>
            Refresh
          </Button>
        }
      />
      {page ? <Alert tone="info">{TRANSPORT_TEXT[page.transport]}</Alert> : null}
      <MailboxSendForm onSent={onSent} />
      <Card flush>
        <div className="mailbox-toolbar">
          <TextField
            label="Search the mailbox"
            type="search"
            placeholder="Recipient or subject"
            maxLength={100}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            className="mailbox-toolbar__search"
          />
        </div>
        {body}
      </Card>
      {openId !== null ? <MailboxViewer sendId={openId} onClose={close} /> : null}
    </div>
  );
}
