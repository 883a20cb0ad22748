import { describe, expect, it } from 'vitest';
import { consentChangeSummary } from '../../domain/consentChangeSummary.ts';
import { unsubIdFromText } from '../../domain/unsubIdFromText.ts';

const snapshot = (overrides: Partial<Parameters<typeof consentChangeSummary>[0]> = {}) => ({
  unsub_all: '0' as const,
  marketing: '1' as const,
  webinars: '0' as const,
  alerts: [{ name: 'Account alerts', status: '1' as const }],
  newsletters: [{ id: 4, name: 'Weekly digest', status: '0' as const }],
  ...overrides,
});

describe('consentChangeSummary', () => {
  it('names what changed, in the page order', () => {
    const after = snapshot({
      unsub_all: '1',
      marketing: '0',
      alerts: [{ name: 'Account alerts', status: '0' }],
      newsletters: [{ id: 4, name: 'Weekly digest', status: '1' }],
    });
    expect(consentChangeSummary(snapshot(), after)).toEqual([
      'Unsubscribe All on',
      'Marketing off',
      'Account alerts off',
      'Weekly digest on',
    ]);
    expect(consentChangeSummary(snapshot(), snapshot())).toEqual([]);
  });
});

describe('unsubIdFromText', () => {
  it('finds the id in an id or any link, in lower case', () => {
    const id = '5eedc0de-0001-4000-8000-000000000001';
    expect(unsubIdFromText(id)).toBe(id);
    expect(unsubIdFromText(` https://app.test/unsub/i2c/${id.toUpperCase()}?x=1 `)).toBe(id);
    expect(unsubIdFromText(`https://app.test/api/preference/one_click/${id}/`)).toBe(id);
    expect(unsubIdFromText('https://app.test/unsub/abc')).toBeNull();
    expect(unsubIdFromText('')).toBeNull();
  });
});
