import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SubscriptionPage } from '../../../public-pages/SubscriptionPage.tsx';
import { recipient, stubPreferenceClient, UUID } from './stubPreferenceClient.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('SubscriptionPage', () => {
  it('unsubscribes: disabled in flight, the msg as a success toast, then /resub/i2c/{id} after 1 s', async () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    const client = stubPreferenceClient(recipient(), { status: 'True', msg: 'You have been unsubscribed.' });
    render(<SubscriptionPage unsubId={UUID} action="unsubscribe" client={client} navigate={navigate} />);
    await act(async () => {});
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
      'https://example.com/privacy',
    );
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'YES, UNSUBSCRIBE' });
    fireEvent.click(button);
    expect(button.disabled).toBe(true);
    await act(async () => {});
    expect(client.unsubscribe).toHaveBeenCalledWith(UUID);
    expect(screen.getByRole('status').textContent).toContain('You have been unsubscribed.');
    expect(navigate).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(navigate).toHaveBeenCalledWith(`/resub/i2c/${UUID}`);
  });

  it('shows a refused status as an error toast and resubscribes on the mirror page', async () => {
    const client = stubPreferenceClient(recipient(), { status: 'False', msg: 'This link is not valid.' });
    render(<SubscriptionPage unsubId={UUID} action="unsubscribe" client={client} navigate={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'YES, UNSUBSCRIBE' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This link is not valid.');
    cleanup();
    const resub = stubPreferenceClient(recipient(), { status: 'True', msg: 'You have been resubscribed.' });
    render(<SubscriptionPage unsubId={UUID} action="resubscribe" client={resub} navigate={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'RESUBSCRIBE' }));
    expect(await screen.findByText('You have been resubscribed.', { selector: 'p' })).toBeTruthy();
    expect(resub.resubscribe).toHaveBeenCalledWith(UUID);
  });

  it('shows the not-valid page for an unknown id', async () => {
    const client = stubPreferenceClient(null);
    render(<SubscriptionPage unsubId={UUID} action="unsubscribe" client={client} navigate={vi.fn()} />);
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeTruthy();
  });
});
