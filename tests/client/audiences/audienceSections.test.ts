import { describe, expect, it } from 'vitest';
import { audienceSectionOf } from '../../../src/modules/audiences/audienceSections.ts';

describe('audience views', () => {
  it('contacts and all open People, search and add open Find people; anything else is not found', () => {
    expect(audienceSectionOf(undefined)).toBe('people');
    expect(audienceSectionOf('contacts')).toBe('people');
    expect(audienceSectionOf('all')).toBe('people');
    expect(audienceSectionOf('search')).toBe('search');
    expect(audienceSectionOf('add')).toBe('search');
    expect(audienceSectionOf('lists')).toBe('lists');
    expect(audienceSectionOf('accounts')).toBe('accounts');
    expect(audienceSectionOf('nonsense')).toBeNull();
  });
});
