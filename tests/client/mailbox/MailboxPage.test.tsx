import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emailDocument } from '../../../domain/emailDocument.ts';
import type { MailboxItem, MailboxPage as MailboxList } from '../../../domain/mailboxTypes.ts';
import { ApiError } from '../../../src/api/ApiError.ts';
import { mailboxApi } from '../../../src/api/mailboxApi.ts';
import { MailboxPage } from '../../../src/modules/mailbox/components/MailboxPage.tsx';
import { renderAtRoute } from '../renderAtRoute.tsx';

/** The mailbox at its route (its search and the rows shown are in the address). */
const renderMailbox = (at = '/mailbox') =>
  renderAtRoute({ path: '/mailbox', at, component: MailboxPage, pagedList: true });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const item = (over: Partial<MailboxItem> = {}): MailboxItem => ({
  send_id: 11,
  to: 'ada@example.test',
  contact_id: 5,
  contact_name: 'Ada Lovelace',
  is_test: false,
  from: 'Northwind <hello@northwind.test>',
  subject: 'Spring launch',
  status: 'delivered',
  via: 'mailbox',
  email_id: 3,
  workflow_id: null,
  created_at: '2026-11-20T10:00:00.000Z',
  delivered_at: '2026-11-20T10:00:01.000Z',
  last_error: null,
  opens: 2,
  clicks: 1,
  ...over,
});

const page = (items: MailboxItem[], transport: MailboxList['transport'] = 'mailbox'): MailboxList => ({
  transport,
  total_count: items.length,
  data: items,
});

const OPTIONS = {
  emails: [
    { email_id: 3, name: 'Launch', subject: 'Spring launch' },
    { email_id: 4, name: 'Digest', subject: 'Weekly digest' },
  ],
  contacts: [
    { contact_id: 5, name: 'Ada Lovelace', email: 'ada@example.test', status: 'Subscribed' },
    { contact_id: 6, name: 'Bob Bounce', email: 'bob@example.test', status: 'Hard Bounce' },
  ],
};

describe('MailboxPage', () => {
  it('lists the sends with status, opens and clicks, and says the demo mailbox is the transport', async () => {
    vi.spyOn(mailboxApi, 'list').mockResolvedValue(
      page([item(), item({ send_id: 10, status: 'suppressed', opens: 0, clicks: 0, to: 'x@example.test' })]),
    );
    vi.spyOn(mailboxApi, 'options').mockResolvedValue(OPTIONS);
    renderMailbox();
    const row = await screen.findByTestId('mailbox-row-11');
    expect(within(row).getByText('Delivered')).toBeTruthy();
    expect(within(row).getByTestId('mailbox-opens').textContent).toBe('2');
    expect(within(row).getByTestId('mailbox-clicks').textContent).toBe('1');
    expect(within(screen.getByTestId('mailbox-row-10')).getByText('Not sent')).toBeTruthy();
    expect(screen.getByText(/No SMTP server is configured/)).toBeTruthy();
  });

  it('says plainly when email goes out over SMTP', async () => {
    vi.spyOn(mailboxApi, 'list').mockResolvedValue(page([item()], 'smtp'));
    vi.spyOn(mailboxApi, 'options').mockResolvedValue(OPTIONS);
    renderMailbox();
    expect(await screen.findByText(/Email is sent over SMTP/)).toBeTruthy();
  });

  it('shows an email in a sandboxed frame whose links open in a new tab and whose images load', async () => {
    vi.spyOn(mailboxApi, 'list').mockResolvedValue(page([item()]));
    vi.spyOn(mailboxApi, 'options').mockResolvedValue(OPTIONS);
    const email = vi.spyOn(mailboxApi, 'email').mockResolvedValue({
      send_id: 11,
      subject: 'Spring launch',
      to: 'ada@example.test',
      from: 'Northwind <hello@northwind.test>',
      status: 'delivered',
      delivered_at: '2026-11-20T10:00:01.000Z',
      html: '<html><body><a href="http://t.test/t/c/tok/0">Read</a><img src="http://t.test/t/o/tok.gif"></body></html>',
    });
    renderMailbox();
    fireEvent.click(await screen.findByRole('button', { name: 'Spring launch' }));
    expect(email).toHaveBeenCalledWith(11, expect.any(AbortSignal));
    const frame = (await screen.findByTitle('Email: Spring launch')) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    // The email is a document of its own, under its own policy (a srcdoc would inherit the page's).
    expect(frame.getAttribute('src')).toBe('/api/user/mailbox/11/html');
    expect(frame.hasAttribute('srcdoc')).toBe(false);
    const doc = emailDocument('<html><body><a href="http://t.test/t/c/tok/0">Read</a></body></html>');
    expect(doc).toContain('<base target="_blank">');
    expect(doc).toContain('href="http://t.test/t/c/tok/0"');
  });

  it('brings the opened email into view and moves focus to it', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    vi.spyOn(mailboxApi, 'list').mockResolvedValue(page([item(), item({ send_id: 10, subject: 'Older' })]));
    vi.spyOn(mailboxApi, 'options').mockResolvedValue(OPTIONS);
    vi.spyOn(mailboxApi, 'email').mockResolvedValue({
      send_id: 11,
      subject: 'Spring launch',
      to: 'ada@example.test',
      from: 'Northwind <hello@northwind.test>',
      status: 'delivered',
      delivered_at: '2026-11-20T10:00:01.000Z',
      html: '<p>Hi</p>',
    });
    renderMailbox();
    fireEvent.click(await screen.findByRole('button', { name: 'Spring launch' }));
    const viewer = await screen.findByRole('region', { name: 'Opened email' });
    await waitFor(() => expect(document.activeElement).toBe(viewer));
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(viewer);
    // Another email: in view and focused again.
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(2));
    expect(document.activeElement).toBe(viewer);
    // Closing it gives focus back to the email it came from.
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Older' }));
  });

  it('sends the chosen email to the chosen contact once per submission and reloads the list', async () => {
    const list = vi.spyOn(mailboxApi, 'list').mockResolvedValue(page([]));
    vi.spyOn(mailboxApi, 'options').mockResolvedValue(OPTIONS);
    const send = vi.spyOn(mailboxApi, 'send').mockResolvedValue({ sendId: 12, created: true });
    renderMailbox();
    expect(await screen.findByText('No emails yet')).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Contact'), { target: { value: '6' } });
    expect((screen.getByLabelText('Contact') as HTMLSelectElement).selectedOptions[0]?.textContent).toContain(
      'Hard Bounce',
    );
    const callsBefore = list.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText(/Queued: it shows in the list below/);
    expect(send).toHaveBeenCalledTimes(1);
    const input = send.mock.calls[0]?.[0];
    expect(input).toMatchObject({ emailId: 4, contactId: 6 });
    expect(input?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(list.mock.calls.length).toBeGreaterThan(callsBefore));

    // The next submission is a new request.
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect(send.mock.calls[1]?.[0].requestId).not.toBe(input?.requestId);
  });

  it('shows why a send was refused', async () => {
    vi.spyOn(mailboxApi, 'list').mockResolvedValue(page([]));
    vi.spyOn(mailboxApi, 'options').mockResolvedValue(OPTIONS);
    vi.spyOn(mailboxApi, 'send').mockRejectedValue(
      new ApiError({ kind: 'http', status: 400, message: 'Email 4 has no design yet.' }),
    );
    renderMailbox();
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email 4 has no design yet.')).toBeTruthy();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    const list = vi
      .spyOn(mailboxApi, 'list')
      .mockRejectedValueOnce(
        new ApiError({ kind: 'network', status: 0, message: 'The server could not be reached.' }),
      )
      .mockResolvedValue(page([item()]));
    vi.spyOn(mailboxApi, 'options').mockResolvedValue(OPTIONS);
    renderMailbox();
    expect(await screen.findByText('The server could not be reached.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('mailbox-row-11')).toBeTruthy();
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('searches by recipient or subject once typing settles, from the first page, and says when nothing matches', async () => {
    const first = [item(), ...Array.from({ length: 19 }, (_, i) => item({ send_id: 100 + i }))];
    const many = { ...page(first), total_count: 45 };
    const list = vi.spyOn(mailboxApi, 'list').mockImplementation(async (query) => {
      if (query.q === 'nobody') return page([]);
      if (query.q === 'ada') return page([item()]);
      return many;
    });
    vi.spyOn(mailboxApi, 'options').mockResolvedValue(OPTIONS);
    const router = renderMailbox();
    await screen.findByTestId('mailbox-row-11');
    fireEvent.click(screen.getByRole('button', { name: 'Show more emails' }));
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith({ offset: 20, limit: 20, q: '' }, expect.anything()),
    );
    await waitFor(() => expect(router.state.location.search).toEqual({ offset: 20 }));

    const field = screen.getByLabelText('Search the mailbox');
    fireEvent.change(field, { target: { value: '  ad' } });
    fireEvent.change(field, { target: { value: '  ada ' } });
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith({ offset: 0, limit: 20, q: 'ada' }, expect.anything()),
    );
    // The half-typed "ad" was never asked for.
    expect(list.mock.calls.some(([query]) => query.q === 'ad')).toBe(false);
    expect(await screen.findByTestId('mailbox-row-11')).toBeTruthy();

    fireEvent.change(field, { target: { value: 'nobody' } });
    expect(await screen.findByText('No emails match “nobody”')).toBeTruthy();
    fireEvent.change(field, { target: { value: '   ' } });
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith({ offset: 0, limit: 20, q: '' }, expect.anything()),
    );
  });

  it('is a link: the search comes from the address and goes back to it', async () => {
    const list = vi.spyOn(mailboxApi, 'list').mockResolvedValue(page([item()]));
    vi.spyOn(mailboxApi, 'options').mockResolvedValue(OPTIONS);
    const router = renderMailbox('/mailbox?q=ada');
    expect(await screen.findByTestId('mailbox-row-11')).toBeTruthy();
    expect(list).toHaveBeenCalledWith({ offset: 0, limit: 20, q: 'ada' }, expect.anything());
    expect((screen.getByLabelText('Search the mailbox') as HTMLInputElement).value).toBe('ada');
    fireEvent.change(screen.getByLabelText('Search the mailbox'), { target: { value: 'launch' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'launch' }));
  });

  it('with no contacts, the send form says what to do and links to People and the import', async () => {
    vi.spyOn(mailboxApi, 'list').mockResolvedValue(page([]));
    vi.spyOn(mailboxApi, 'options').mockResolvedValue({ ...OPTIONS, contacts: [] });
    renderMailbox();
    expect(await screen.findByText(/no contacts yet: add one in People/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a contact' }).getAttribute('href')).toBe('/audiences');
    expect(screen.getByRole('link', { name: 'Import contacts' }).getAttribute('href')).toBe(
      '/audiences/lists/import',
    );
    const empty = (await screen.findByText('No emails yet')).closest('[data-state="empty"]') as HTMLElement;
    expect(within(empty).getByRole('link', { name: 'Go to Automation' }).getAttribute('href')).toBe(
      '/automation',
    );
  });
});
