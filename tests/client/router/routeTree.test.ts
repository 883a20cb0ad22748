import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { toPublicBuild } from '../../../src/router/publicPageRoutes.tsx';
import { routeTree } from '../../../src/router/routeTree.ts';

const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/'] }) });

/** The id of the deepest route a path matches ('__root__' only when nothing matched). */
function leaf(path: string): { id: string; params: Record<string, unknown> } {
  const matches = router.matchRoutes(path, {});
  const last = matches[matches.length - 1]!;
  return { id: last.routeId, params: last.params };
}

describe('every route of spec 01 and spec 02 section 2 resolves', () => {
  it.each([
    ['/', '/'],
    ['/resetPassword', '/resetPassword/{-$resetKey}'],
    ['/resetPassword/abc', '/resetPassword/{-$resetKey}'],
    ['/login-redirect', '/login-redirect'],
    ['/sso/tok123/', '/sso/$csrfToken'],
    ['/unsub/abc', '/unsub/$'],
    ['/unsub/i2c/abc', '/unsub/$'],
    ['/unsub/', '/unsub/$'],
    ['/unsub', '/unsub/$'],
    ['/unsub/unsub/abc', '/unsub/$'],
    ['/resub/i2c/abc', '/resub/$'],
    ['/unsub-success', '/unsub-success'],
    ['/permission_denied', '/workbench/permission_denied'],
    ['/import', '/workbench/import'],
    ['/welcome', '/workbench/welcome'],
    ['/content/search', '/workbench/content/$tab'],
    ['/signup', '/workbench/signup'],
    ['/campaigns', '/workbench/campaigns/{-$page}/{-$tab}/{-$subTab}'],
    ['/campaigns/editionedit/design/preview', '/workbench/campaigns/{-$page}/{-$tab}/{-$subTab}'],
    ['/createcampaign', '/workbench/createcampaign'],
    ['/audiences/lists/view/all', '/workbench/audiences/{-$page}/{-$tab}/{-$subTab}'],
    ['/analytics/contacts/dashboard', '/workbench/analytics/{-$page}/{-$tab}'],
    ['/buyer-journey', '/workbench/buyer-journey/{-$tab}'],
    ['/buyer-journey/accounts', '/workbench/buyer-journey/{-$tab}'],
    ['/outlook_auth', '/workbench/outlook_auth'],
    ['/automation', '/workbench/automation'],
    ['/automation/create', '/workbench/automation/create'],
    ['/automation/details', '/workbench/automation/details'],
    ['/automation/reports/weekly', '/workbench/automation/$page/{-$tab}'],
    ['/settings', '/workbench/settings/{-$page}/{-$tab}'],
    ['/settings/profile/security', '/workbench/settings/{-$page}/{-$tab}'],
    ['/admin/outbox', '/workbench/admin/outbox'],
  ])('%s -> %s', (path, id) => {
    expect(leaf(path).id).toBe(id);
  });

  it('optional path params are read by name', () => {
    expect(leaf('/campaigns/editionedit/publish').params).toMatchObject({
      page: 'editionedit',
      tab: 'publish',
    });
    expect(leaf('/analytics/accounts').params).toMatchObject({ page: 'accounts' });
  });
});

describe('recipient pages inside the workbench router', () => {
  const redirectOf = (pathname: string, href: string) => {
    try {
      toPublicBuild({ location: { pathname, href } });
    } catch (thrown) {
      return (thrown as { options: { href: string; reloadDocument?: boolean } }).options;
    }
    return null;
  };

  it('a client-side visit loads the page in full, so the server serves the public build', () => {
    expect(redirectOf('/unsub/i2c/abc', '/unsub/i2c/abc')).toMatchObject({
      href: '/unsub/i2c/abc',
      reloadDocument: true,
    });
  });

  it('a repeated unsub is normalised first, keeping the query', () => {
    expect(redirectOf('/unsub/unsub/unsub/abc/', '/unsub/unsub/unsub/abc/?x=1')).toMatchObject({
      href: '/unsub/abc?x=1',
      reloadDocument: true,
    });
  });
});
