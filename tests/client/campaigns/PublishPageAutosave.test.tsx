import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/ApiError.ts';
import '../jsdomDialog.ts';
import { renderPublish, SLOW } from './renderPublish.tsx';

afterEach(cleanup);

describe('Publish screen: nothing typed is lost', () => {
  it('saves an edited subject before leaving, and shows it exactly when coming back', async () => {
    const saveConfiguration = vi.fn(async () => {});
    const { router } = renderPublish({ saveConfiguration });
    const typed = 'Hi 👋🏽‍ שלום <b>“bold”</b> & <script>x</script>';
    fireEvent.change(await screen.findByLabelText('Subject', undefined, SLOW), { target: { value: typed } });
    // Leaving at once: the change is saved first, then the page moves on.
    fireEvent.click(screen.getByRole('link', { name: '← Back to the campaign' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ campaign_id: '3' }));
    expect(saveConfiguration).toHaveBeenCalledTimes(1);
    expect(saveConfiguration).toHaveBeenCalledWith(
      5,
      expect.objectContaining({
        subject: 'Hi &#128075;&#127997;&#8205; שלום <b>“bold”</b> & <script>x</script>',
      }),
      expect.anything(),
    );
    router.history.back();
    const subject = (await screen.findByLabelText('Subject', undefined, SLOW)) as HTMLInputElement;
    expect(subject.value).toBe(typed);
  });

  it('shows Saving… then Saved, and a failed save with Retry; leaving then asks first', async () => {
    let fail = true;
    const saveConfiguration = vi.fn(async () => {
      if (fail) throw new ApiError({ kind: 'network', status: 0, message: 'The server did not answer.' });
    });
    const { router } = renderPublish({ saveConfiguration });
    fireEvent.change(await screen.findByLabelText('Sender name', undefined, SLOW), {
      target: { value: 'Acme ✦ news' },
    });
    const status = screen.getByTestId('publish-save-status');
    expect(status.textContent).toContain('Saving…');
    await waitFor(() => expect(status.textContent).toMatch(/Not saved: check your connection/), SLOW);
    fireEvent.click(screen.getByRole('link', { name: '← Back to the campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your changes are not saved' }, SLOW);
    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay and try again' }));
    await waitFor(() => expect(status.textContent).toContain('Saved'), SLOW);
    expect(router.state.location.search).toMatchObject({ version_id: '5' });
    expect(saveConfiguration).toHaveBeenLastCalledWith(
      5,
      expect.objectContaining({ senderName: 'Acme ✦ news' }),
      expect.anything(),
    );
  });
});
