import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsentLedgerEntry } from '../../../domain/preferenceSchemas.ts';
import { ApiError } from '../../../src/api/ApiError.ts';
import { preferenceApi } from '../../../src/api/preferenceApi.ts';
import { ConsentLedgerPage } from '../../../src/modules/audiences/components/ConsentLedgerPage.tsx';

const UUID = '5eedc0de-0001-4000-8000-000000000001';
const snapshot = (unsubAll: '0' | '1') => ({
  unsub_all: unsubAll,
  marketing: unsubAll === '1' ? ('0' as const) : ('1' as const),
  webinars: '0' as const,
  alerts: [],
  newsletters: [],
});
const ENTRY: ConsentLedgerEntry = {
  id: 7,
  created_at: '2026-11-20T10:00:00.000Z',
  source: 'one_click',
  ip: '203.0.113.9',
  user_agent: 'Mail provider/1.0',
  before: snapshot('0'),
  after: snapshot('1'),
};

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:ledger');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const field = () => screen.getByLabelText(/Unsubscribe id or link/);
const show = () => fireEvent.click(screen.getByRole('button', { name: 'Show the ledger' }));

describe('ConsentLedgerPage', () => {
  it('reads the id out of a pasted link, shows each change and offers the JSON', async () => {
    const call = vi.spyOn(preferenceApi, 'consentLedger').mockResolvedValue({ success: true, data: [ENTRY] });
    render(<ConsentLedgerPage />);
    fireEvent.change(field(), { target: { value: `https://app.test/unsub/i2c/${UUID.toUpperCase()}` } });
    show();
    expect(call).toHaveBeenCalledWith(UUID, expect.any(AbortSignal));
    const row = (await screen.findByText('One-click (mail provider)')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Unsubscribe All on, Marketing off')).toBeTruthy();
    expect(within(row).getByText('203.0.113.9')).toBeTruthy();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Download JSON' }));
    expect(click).toHaveBeenCalled();
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob;
    const file = JSON.parse(await blob.text());
    expect(file).toMatchObject({ unsub_uuid: UUID, entries: [{ id: 7, source: 'one_click' }] });
  });

  it('asks for an id when the text has none, and calls nothing', () => {
    const call = vi.spyOn(preferenceApi, 'consentLedger');
    render(<ConsentLedgerPage />);
    fireEvent.change(field(), { target: { value: 'https://app.test/unsub/abc' } });
    show();
    expect(screen.getByText(/Paste an unsubscribe id/)).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
  });

  it('says so for an id no recipient of the organisation has, and for none recorded yet', async () => {
    vi.spyOn(preferenceApi, 'consentLedger').mockRejectedValueOnce(
      new ApiError({ kind: 'http', status: 404, message: 'No recipient has this unsubscribe id.' }),
    );
    render(<ConsentLedgerPage />);
    fireEvent.change(field(), { target: { value: UUID } });
    show();
    expect(await screen.findByText('No recipient found')).toBeTruthy();
    vi.spyOn(preferenceApi, 'consentLedger').mockResolvedValueOnce({ success: true, data: [] });
    show();
    expect(await screen.findByText('No changes yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download JSON' })).toBeNull();
  });
});
