import { describe, expect, it } from 'vitest';
import { campaignsViewOf } from '../../../src/router/campaignsViewOf.ts';

const view = (path: string) => {
  const [page, tab, subTab] = path.split('/').slice(2);
  return campaignsViewOf({ page, tab, subTab });
};

describe('campaignsViewOf: the screen each campaigns address opens', () => {
  it('opens every edition step: the content steps, publish with any subTab, audience and design', () => {
    for (const step of ['source', 'favorites', 'my-favorites', 'sent', 'previous'])
      expect(view(`/campaigns/editionedit/${step}`), step).toBe('content');
    for (const subTab of ['', 'sent', 'test', 'scheduled', 'anything'])
      expect(view(`/campaigns/editionedit/publish/${subTab}`), subTab).toBe('publish');
    expect(view('/campaigns/editionedit/audience')).toBe('audience');
    expect(view('/campaigns/editionedit/design')).toBe('campaigns');
    expect(view('/campaigns/editionedit/design/preview')).toBe('campaigns');
    expect(view('/campaigns/editionedit')).toBe('campaigns');
    expect(view('/campaigns/content/source')).toBe('content');
    expect(view('/campaigns/content/favorites')).toBe('content');
  });

  it('opens the list and a campaign, and calls any other address a not-found', () => {
    expect(campaignsViewOf({})).toBe('campaigns');
    expect(view('/campaigns/campaign')).toBe('campaigns');
    expect(view('/campaigns/editionedit/nothing')).toBe('notFound');
    expect(view('/campaigns/editionedit/audience/extra')).toBe('notFound');
    expect(view('/campaigns/reports')).toBe('notFound');
  });
});
