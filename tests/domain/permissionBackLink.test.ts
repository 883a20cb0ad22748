import { describe, expect, it } from 'vitest';
import { permissionBackLink } from '../../domain/permissionBackLink.ts';

describe('permissionBackLink', () => {
  it('goes back to the area the refusal came from', () => {
    // A refusal inside a workflow (its email may not be cloned) goes back to that workflow.
    expect(permissionBackLink('/automation/details?workflow_id=99')).toEqual({
      href: '/automation/details?workflow_id=99',
      label: 'Back to automation',
    });
    expect(permissionBackLink('/automation/create')).toEqual({
      href: '/automation',
      label: 'Back to automation',
    });
    expect(permissionBackLink('/content/favorites')).toEqual({
      href: '/content/explorer',
      label: 'Back to content',
    });
    expect(permissionBackLink('/campaigns/editionedit/design?from=campaign&campaign_id=4').label).toBe(
      'Back to campaigns',
    );
  });

  it('offers campaigns when nothing was refused before', () => {
    expect(permissionBackLink(null)).toEqual({ href: '/campaigns', label: 'Go to campaigns' });
  });
});
