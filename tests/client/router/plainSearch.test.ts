import { describe, expect, it } from 'vitest';
import { parsePlainSearch, stringifyPlainSearch } from '../../../src/router/plainSearch.ts';

describe('plain search strings', () => {
  it('reads every value as text', () => {
    expect(parsePlainSearch('?campaign_id=4&allCampaigns=true&email_id=7,8&show_back')).toEqual({
      campaign_id: '4',
      allCampaigns: 'true',
      email_id: '7,8',
      show_back: '',
    });
  });

  it('writes values back unquoted, commas readable, absent values left out', () => {
    expect(
      stringifyPlainSearch({ campaign_id: '4', email_id: '7,8', allCampaigns: true, from: undefined }),
    ).toBe('?campaign_id=4&email_id=7,8&allCampaigns=true');
    expect(stringifyPlainSearch({ redirect: '/automation?x=1' })).toBe('?redirect=%2Fautomation%3Fx%3D1');
    expect(stringifyPlainSearch({})).toBe('');
  });
});
