import { describe, expect, it } from 'vitest';
import { permissionDeniedPath, permissionReturnPath } from '../../domain/permissionReturnPath.ts';

const at = (pathname: string, search: Record<string, string> = {}) =>
  permissionReturnPath({ pathname, search });

describe('permissionReturnPath: back by origin (spec 01 section 6, spec 02 section 2)', () => {
  it('from=campaign: the campaign audience step with campaign_id', () => {
    expect(at('/campaigns/editionedit', { from: 'campaign', campaign_id: '42' })).toBe(
      '/campaigns/editionedit/audience?campaign_id=42',
    );
  });

  it('from=emailEngagement: contact email engagement analytics with contact_id', () => {
    expect(at('/analytics/contacts/dashboard', { from: 'emailEngagement', contact_id: '7' })).toBe(
      '/analytics/contacts/email_engagement?contact_id=7',
    );
  });

  it('from=emailEngagement: account email engagement analytics with account_id', () => {
    expect(at('/analytics/accounts/dashboard', { from: 'emailEngagement', account_id: '9' })).toBe(
      '/analytics/accounts/email_engagement?account_id=9',
    );
  });

  it('from=publish: campaign publish edit with campaign_id and email_id', () => {
    expect(at('/campaigns/editionedit/design', { from: 'publish', campaign_id: '42', email_id: '5,6' })).toBe(
      '/campaigns/editionedit/publish?campaign_id=42&email_id=5%2C6',
    );
  });

  it('inside automation without workflow_id: /automation', () => {
    expect(at('/automation/create')).toBe('/automation');
    expect(at('/automation')).toBe('/automation');
  });

  it('inside automation with workflow_id: automation details of that workflow', () => {
    expect(at('/automation/details', { workflow_id: '31' })).toBe('/automation/details?workflow_id=31');
  });

  it.each([
    ['/content/search', '/content/explorer'],
    ['/campaigns/editionedit/design', '/campaigns'],
    ['/createcampaign', '/campaigns'],
    ['/audiences/lists/view', '/audiences'],
    ['/analytics/contacts/dashboard', '/analytics'],
    ['/settings/profile', '/campaigns'],
  ])('path-prefix fallback: %s goes to %s', (path, expected) => {
    expect(at(path)).toBe(expected);
  });

  it('anything else falls back to campaigns', () => {
    expect(at('/admin/outbox')).toBe('/campaigns');
    expect(at('/welcome')).toBe('/campaigns');
    expect(at('/buyer-journey')).toBe('/campaigns');
  });

  it('an origin without the id it needs falls through to the path rule', () => {
    expect(at('/analytics/contacts/dashboard', { from: 'campaign' })).toBe('/analytics');
    expect(at('/analytics/x', { from: 'emailEngagement' })).toBe('/analytics');
    expect(at('/content/search', { from: 'publish', email_id: '3' })).toBe('/content/explorer');
  });

  it('the origin wins over the path prefix', () => {
    expect(at('/automation/details', { from: 'campaign', campaign_id: '1', workflow_id: '2' })).toBe(
      '/campaigns/editionedit/audience?campaign_id=1',
    );
  });

  it('a prefix matches whole segments only', () => {
    expect(at('/automationish')).toBe('/campaigns');
  });
});

describe('permissionDeniedPath', () => {
  it('carries the code', () => {
    expect(permissionDeniedPath()).toBe('/permission_denied?error=403');
    expect(permissionDeniedPath('401')).toBe('/permission_denied?error=401');
  });
});
