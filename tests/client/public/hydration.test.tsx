import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublicApp } from '../../../public-pages/PublicApp.tsx';
import type { PublicPageData } from '../../../public-pages/publicPageData.ts';
import { renderPublicPage } from '../../../public-pages/renderPublicPage.tsx';
import { recipient, stubPreferenceClient, UUID } from './stubPreferenceClient.ts';

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  cleanup();
});

/** Renders on the "server", puts the HTML in the page, and hydrates it as public-pages/main.tsx does. */
function serverRenderThenHydrate(pathname: string, data: PublicPageData) {
  const { html } = renderPublicPage(pathname, data);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const recoverable = vi.fn();
  const client = stubPreferenceClient(recipient());
  act(() => {
    root = hydrateRoot(
      container,
      <PublicApp pathname={pathname} client={client} navigate={vi.fn()} data={data} />,
      { onRecoverableError: recoverable },
    );
  });
  return { client, recoverable, html };
}

const checkbox = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

describe('server rendering and hydration of the public pages', () => {
  it('hydrates the preference page without a mismatch or a load, then works as the browser page', () => {
    const details = recipient({ unsub_all: '1' });
    const { client, recoverable, html } = serverRenderThenHydrate(`/unsub/${UUID}`, {
      details,
      notice: null,
      formError: null,
    });
    // In the server's HTML, Unsubscribe All leaves the other sections usable (the plain form needs them).
    expect(html).not.toMatch(/<fieldset[^>]*disabled/);
    expect(recoverable).not.toHaveBeenCalled();
    expect(client.getRecipientDetails).not.toHaveBeenCalled();
    // Hydrated, the script's rule applies: Unsubscribe All disables the other sections.
    expect(checkbox('Marketing').disabled).toBe(true);
    fireEvent.click(checkbox('Unsubscribe All'));
    expect(checkbox('Marketing').disabled).toBe(false);
    // Each toggle is sent to unsubscribe_page_events/ without waiting.
    expect(client.recordPageEvent).toHaveBeenCalledWith(
      expect.objectContaining({ unsub_uuid: UUID, key: 'all', status: '0' }),
    );
  });

  it('hydrates the unsubscribe page and the resubscribe notice', () => {
    const unsub = serverRenderThenHydrate(`/unsub/i2c/${UUID}`, {
      details: recipient(),
      notice: null,
      formError: null,
    });
    expect(unsub.recoverable).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'YES, UNSUBSCRIBE' })).toBeTruthy();
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = '';
    const resub = serverRenderThenHydrate(`/resub/i2c/${UUID}`, {
      details: recipient(),
      notice: 'resubscribed',
      formError: null,
    });
    expect(resub.recoverable).not.toHaveBeenCalled();
    expect(screen.getByText('You have been resubscribed.')).toBeTruthy();
    expect(resub.client.getRecipientDetails).not.toHaveBeenCalled();
  });

  it('shows a refused plain post and an unknown id from the server data', () => {
    const refused = serverRenderThenHydrate(`/unsub/${UUID}`, {
      details: recipient(),
      notice: null,
      formError: 'Choose at least one.',
    });
    expect(refused.recoverable).not.toHaveBeenCalled();
    expect(screen.getAllByRole('alert').some((el) => el.textContent === 'Choose at least one.')).toBe(true);
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = '';
    serverRenderThenHydrate(`/unsub/${UUID}`, { details: null, notice: null, formError: null });
    expect(screen.getByRole('heading', { name: 'This link is not valid' })).toBeTruthy();
  });
});
