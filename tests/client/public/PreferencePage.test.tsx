import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PreferencePage } from '../../../public-pages/PreferencePage.tsx';
import { renderPublicPage } from '../../../public-pages/renderPublicPage.tsx';
import { recipient, stubPreferenceClient, UUID } from './stubPreferenceClient.ts';

const checkbox = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });
const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' });

afterEach(cleanup);

describe('PreferencePage', () => {
  it('shows Loading... with Submit absent, then the sections in order with the email in brackets', async () => {
    let resolve: (value: ReturnType<typeof recipient>) => void = () => {};
    const client = stubPreferenceClient(new Promise((r) => (resolve = r)));
    render(<PreferencePage unsubId={UUID} client={client} navigate={vi.fn()} />);
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    resolve(recipient());
    expect(await screen.findByText('(dana@example.com)')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Preference Management' })).toBeTruthy();
    const legends = screen.getAllByRole('group').map((g) => g.querySelector('legend')?.textContent);
    expect(legends).toEqual([
      'Marketing',
      'Alerts',
      'Digests/Newsletters',
      'Webinars/Events',
      'Unsubscribe All',
    ]);
    expect(client.getRecipientDetails).toHaveBeenCalledWith(UUID);
  });

  it('shows a group with some of its options on as mixed: with script, and in the server’s HTML', async () => {
    const details = recipient({
      news_letters: [
        { id: 4, name: 'Weekly digest', status: '1' },
        { id: 5, name: 'Sales triggers', status: '1' },
        { id: 6, name: 'Business advice', status: '0' },
      ],
    });
    // Without script: the box is marked for the style sheet, and the label says it.
    const { html, title } = renderPublicPage(`/unsub/${UUID}`, { details, notice: null, formError: null });
    expect(html).toMatch(/<input[^>]*id="pp-section-alerts"[^>]*data-mixed="true"/);
    expect(html).toMatch(/<input[^>]*id="pp-section-newsletters"[^>]*data-mixed="true"/);
    expect(html).toMatch(
      /id="pp-section-alerts-text"[^>]*>[^<]*<span class="pp-visually-hidden"> Some of these are chosen\.<\/span>/,
    );
    expect(html).not.toMatch(/<input[^>]*id="pp-section-marketing"[^>]*data-mixed/);
    // The page is the sender's: its name, not the product's.
    expect(title).toBe('Preference Management · Northwind Analytics');
    expect(html).toContain('<p class="pp-org-name">Northwind Analytics</p>');

    // With script: the boxes are indeterminate (read as "mixed"); ticking every option clears it.
    render(<PreferencePage unsubId={UUID} client={stubPreferenceClient(details)} navigate={vi.fn()} />);
    const newsletters = await screen.findByRole<HTMLInputElement>('checkbox', {
      name: 'Digests/Newsletters',
    });
    expect(newsletters.indeterminate).toBe(true);
    expect(checkbox('Alerts').indeterminate).toBe(true);
    fireEvent.click(checkbox('Business advice'));
    expect(newsletters.indeterminate).toBe(false);
    expect(newsletters.checked).toBe(true);
  });

  it('hides sections without data', async () => {
    const client = stubPreferenceClient(recipient({ alerts: [], news_letters: [] }));
    render(<PreferencePage unsubId={UUID} client={client} navigate={vi.fn()} />);
    await screen.findByRole('checkbox', { name: 'Marketing' });
    expect(screen.queryByRole('checkbox', { name: 'Alerts' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Digests/Newsletters' })).toBeNull();
  });

  it('checks a list section only when all its sub-options are on; toggling it sets them all', async () => {
    render(<PreferencePage unsubId={UUID} client={stubPreferenceClient(recipient())} navigate={vi.fn()} />);
    await screen.findByRole('checkbox', { name: 'Alerts' });
    expect(checkbox('Alerts').checked).toBe(false);
    fireEvent.click(checkbox('CxO alerts'));
    expect(checkbox('Alerts').checked).toBe(true);
    fireEvent.click(checkbox('Alerts'));
    expect(checkbox('Account alerts').checked).toBe(false);
    expect(checkbox('CxO alerts').checked).toBe(false);
    fireEvent.click(checkbox('Digests/Newsletters'));
    expect(checkbox('Weekly digest').checked).toBe(true);
  });

  it('disables Submit when no option is on, and Unsubscribe All disables every other section', async () => {
    const client = stubPreferenceClient(recipient({ alerts: [{ name: 'Account alerts', status: '0' }] }));
    render(<PreferencePage unsubId={UUID} client={client} navigate={vi.fn()} />);
    await screen.findByRole('checkbox', { name: 'Marketing' });
    expect(submit().disabled).toBe(true);
    fireEvent.click(checkbox('Marketing'));
    expect(submit().disabled).toBe(false);
    fireEvent.click(checkbox('Unsubscribe All'));
    for (const name of ['Marketing', 'Alerts', 'Account alerts', 'Digests/Newsletters', 'Webinars/Events']) {
      expect(checkbox(name).disabled, name).toBe(true);
    }
    expect(checkbox('Unsubscribe All').disabled).toBe(false);
    fireEvent.click(checkbox('Unsubscribe All'));
    expect(checkbox('Marketing').disabled).toBe(false);
    expect(checkbox('Marketing').checked).toBe(true);
  });

  it('saves the form and goes to /unsub-success', async () => {
    const navigate = vi.fn();
    const client = stubPreferenceClient(recipient());
    render(<PreferencePage unsubId={UUID} client={client} navigate={navigate} />);
    await screen.findByRole('checkbox', { name: 'Marketing' });
    fireEvent.click(checkbox('Marketing'));
    fireEvent.click(submit());
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(`/unsub-success?u=${UUID}`));
    expect(client.updatePreference).toHaveBeenCalledWith(
      expect.objectContaining({
        unsub_uuid: UUID,
        marketing: '1',
        unsub_all: '0',
        news_letters_subscribed: '',
      }),
    );
  });

  it('shows "Failed in updating the preferences !" when the save is refused', async () => {
    const navigate = vi.fn();
    const client = stubPreferenceClient(recipient(), { status: 'False', msg: 'no' });
    render(<PreferencePage unsubId={UUID} client={client} navigate={navigate} />);
    await screen.findByRole('checkbox', { name: 'Marketing' });
    fireEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toContain('Failed in updating the preferences !');
    expect(navigate).not.toHaveBeenCalled();
    expect(submit().disabled).toBe(false);
  });

  it('shows the not-valid page for an unknown id, and for a malformed one without calling the server', async () => {
    const unknown = stubPreferenceClient(null);
    const { unmount } = render(<PreferencePage unsubId={UUID} client={unknown} navigate={vi.fn()} />);
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeTruthy();
    unmount();
    const malformed = stubPreferenceClient(recipient());
    render(<PreferencePage unsubId="abc-123" client={malformed} navigate={vi.fn()} />);
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeTruthy();
    expect(malformed.getRecipientDetails).not.toHaveBeenCalled();
  });
});
