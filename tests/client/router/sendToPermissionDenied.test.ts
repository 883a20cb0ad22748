import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorStore } from '../../../src/api/errorStore.ts';
import { sendToPermissionDenied } from '../../../src/router/sendToPermissionDenied.ts';

function fakeRouter() {
  const steps: string[] = [];
  return {
    steps,
    navigate: vi.fn(async (options: { href: string; replace?: boolean }) => {
      steps.push(`${options.replace ? 'replace' : 'push'} ${options.href}`);
    }),
  };
}

beforeEach(() => errorStore.reset());
afterEach(() => errorStore.reset());

describe('sendToPermissionDenied', () => {
  it('stores the path, sets 403, replaces the page by its origin, then opens /permission_denied', async () => {
    window.history.replaceState(
      null,
      '',
      '/campaigns/editionedit/design?from=publish&campaign_id=4&email_id=9',
    );
    const router = fakeRouter();
    await sendToPermissionDenied(router);
    expect(errorStore.get()).toEqual({
      status: 403,
      redirectUrl: '/campaigns/editionedit/design?from=publish&campaign_id=4&email_id=9',
    });
    expect(router.steps).toEqual([
      'replace /campaigns/editionedit/publish?campaign_id=4&email_id=9',
      'push /permission_denied?error=403',
    ]);
  });

  it('the settings export widget page without permission: back to /campaigns, then the error page', async () => {
    window.history.replaceState(null, '', '/settings/export_widget');
    const router = fakeRouter();
    await sendToPermissionDenied(router);
    expect(router.steps).toEqual(['replace /campaigns', 'push /permission_denied?error=403']);
  });

  it('ignores a second permission error while the first is being handled', async () => {
    window.history.replaceState(null, '', '/automation');
    const router = fakeRouter();
    await Promise.all([sendToPermissionDenied(router), sendToPermissionDenied(router)]);
    expect(router.steps).toEqual(['replace /automation', 'push /permission_denied?error=403']);
  });

  it('does nothing on the permission error page itself (no loop)', async () => {
    window.history.replaceState(null, '', '/permission_denied?error=403');
    const router = fakeRouter();
    await sendToPermissionDenied(router);
    expect(router.steps).toEqual([]);
    expect(errorStore.get()).toBeNull();
  });
});
