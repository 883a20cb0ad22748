import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ContactDashboardLink } from '../../../src/modules/shared/components/ContactDashboardLink.tsx';
import { renderAtRoute } from '../renderAtRoute.tsx';

afterEach(cleanup);

const at = '/audiences/people?q=ada&offset=10';

function render() {
  return renderAtRoute({
    path: '/audiences/people',
    at,
    component: () => (
      <ContactDashboardLink contactId={5} context={{ workflow_id: 42 }}>
        Ada Lovelace
      </ContactDashboardLink>
    ),
  });
}

describe('ContactDashboardLink', () => {
  it('is a real link to the dashboard with back_url, the address shown now', async () => {
    render();
    const link = await screen.findByRole('link', { name: 'Ada Lovelace' });
    const href = new URL(link.getAttribute('href') ?? '', 'http://app.test');
    expect(href.pathname).toBe('/analytics/contacts/dashboard');
    const plain = (key: string) => (href.searchParams.get(key) ?? '').replace(/"/g, '');
    expect(plain('contact_id')).toBe('5');
    expect(plain('workflow_id')).toBe('42');
    expect(plain('back_url')).toBe(at);
  });

  it('a plain click opens the dashboard in the app; Ctrl or meta click is left to the browser (a new tab)', async () => {
    const router = render();
    const link = await screen.findByRole('link', { name: 'Ada Lovelace' });
    // Not prevented: the browser opens the href in a new tab; the app stays where it is.
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(link, { metaKey: true })).toBe(true);
    expect(router.state.location.pathname).toBe('/audiences/people');
    expect(fireEvent.click(link)).toBe(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/analytics/contacts/dashboard'));
  });
});
