import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userApi } from '../../../src/api/userApi.ts';
import { OutboxPage } from '../../../src/modules/admin/components/OutboxPage.tsx';
import { renderAtRoute } from '../renderAtRoute.tsx';
import { email } from './outboxFixtures.ts';

afterEach(cleanup);

const emailNumbered = (id: number) =>
  email({ id, to_address: `user${id}@example.test`, subject: `Email ${id}` });

const renderOutbox = (outbox: typeof userApi.outbox, at = '/admin/outbox') =>
  renderAtRoute({
    path: '/admin/outbox',
    at,
    component: OutboxPage,
    pagedList: true,
    services: { userApi: { ...userApi, outbox } },
  });

const page = (offset: number, limit: number) => ({
  total_count: 45,
  data: Array.from({ length: Math.min(limit, 45 - offset) }, (_, i) => emailNumbered(offset + i + 1)),
});

describe('OutboxPage', () => {
  it('shows 20 emails, more on Show more, with the rows shown in the address', async () => {
    const outbox = vi.fn(async (query: { offset: number; limit: number }) => page(query.offset, query.limit));
    const router = renderOutbox(outbox);
    const table = await screen.findByRole('table', { name: 'Emails in the outbox, newest first' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(outbox).toHaveBeenCalledWith({ offset: 0, limit: 20 }, expect.anything());
    fireEvent.click(screen.getByRole('button', { name: 'Show more emails' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(41));
    expect(outbox).toHaveBeenLastCalledWith({ offset: 20, limit: 20 }, expect.anything());
    await waitFor(() => expect(router.state.location.search).toEqual({ offset: 20 }));
    expect(screen.getByText(/Showing/).textContent).toBe('Showing 40 of 45 emails');
  });

  it('opened from a link at an offset, shows every row up to that page', async () => {
    const outbox = vi.fn(async (query: { offset: number; limit: number }) => page(query.offset, query.limit));
    renderOutbox(outbox, '/admin/outbox?offset=20');
    const table = await screen.findByRole('table', { name: 'Emails in the outbox, newest first' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(41));
    expect(outbox).toHaveBeenCalledWith({ offset: 0, limit: 40 }, expect.anything());
  });
});
