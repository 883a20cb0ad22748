import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../jsdomDialog.ts';
import { publishData, renderPublish, SLOW } from './renderPublish.tsx';

afterEach(cleanup);

describe('Publish screen: sending through Outlook', () => {
  it('without Outlook in the workspace shows Connect Outlook disabled, saying what the marketer can do', async () => {
    renderPublish({
      publishData: async () =>
        publishData({
          outlook_configured: false,
          outlook_missing: ['OUTLOOK_CLIENT_ID', 'OUTLOOK_TOKEN_KEY'],
        }),
    });
    const button = await screen.findByRole('button', { name: 'Connect Outlook' }, SLOW);
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const note = document.getElementById(button.getAttribute('aria-describedby') as string);
    expect(note?.textContent).toContain('This edition goes from the address in “From and subject”');
    expect(note?.textContent).not.toMatch(/OUTLOOK_|docs\//);
  });

  it('shows the connected mailbox and the emails left, and chooses it for the edition', async () => {
    const routes: unknown[] = [];
    renderPublish({
      publishData: async () =>
        publishData({
          outlook_sender_email_address: 'news@contoso.test',
          outlook_sender_name: 'Contoso News',
          is_authorized: true,
          outlook_remaining_emails: 497,
        }),
      outlookRoute: async (input) => {
        routes.push(input);
      },
    });
    expect(await screen.findByText('Contoso News <news@contoso.test>', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('497 of 500 emails left in the last 24 hours.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Send this edition through this mailbox' }));
    await waitFor(() => expect(routes).toEqual([{ campaignId: 3, emailId: 4, versionId: 5, on: true }]));
    expect(
      (screen.getByRole('checkbox', { name: 'Send this edition through this mailbox' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(screen.getByText(/the From address above is not used/)).toBeTruthy();
  });

  it('shows a connection error clearly, with the way to connect again', async () => {
    renderPublish({
      publishData: async () =>
        publishData({
          outlook_sender_email_address: 'news@contoso.test',
          connectionError: true,
          outlook_connection_error: 'The Outlook connection stopped working: connect Outlook again.',
          outlook_route: true,
        }),
    });
    const alert = await screen.findByRole('alert', undefined, SLOW);
    expect(within(alert).getByText('Outlook connection failed')).toBeTruthy();
    expect(alert.textContent).toContain('The Outlook connection stopped working');
    expect(alert.textContent).toContain('cannot be sent through Outlook');
    expect(
      (within(alert).getByRole('button', { name: 'Connect Outlook again' }) as HTMLButtonElement).disabled,
    ).toBe(false);
    expect(screen.queryByRole('checkbox', { name: 'Send this edition through this mailbox' })).toBeNull();
  });
});
