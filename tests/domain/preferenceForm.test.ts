import { describe, expect, it } from 'vitest';
import {
  hasAnyOptionOn,
  isSectionChecked,
  isSectionDisabled,
  type PreferenceForm,
  type PreferenceRecord,
  preferenceFormFromRecord,
  preferencePayload,
  toggleSection,
  toggleSubOption,
  visibleSections,
} from '../../domain/preferenceForm.ts';
import { recipientDetailsSchema } from '../../domain/preferenceSchemas.ts';

const UNSUB_ID = '6f1c2a9e-3b7d-4c8a-9e21-0d5f4b3a2c10';

/** A full record, in the server's shape. */
function record(overrides: Partial<PreferenceRecord> = {}): PreferenceRecord {
  return {
    id: UNSUB_ID,
    email: 'dana@example.test',
    unsub_all: '0',
    marketing: '1',
    webinars: '0',
    alerts: [
      { name: 'Account alerts', status: '1' },
      { name: 'CxO alerts', status: '0' },
    ],
    news_letters: [
      { id: 4, name: 'Weekly digest', status: '1' },
      { id: 5, name: 'Sales triggers', status: '1' },
    ],
    logo_image_url: 'https://cdn.example.test/logo.png',
    organisation_name: 'Northwind Analytics',
    ...overrides,
  };
}

const form = (overrides: Partial<PreferenceRecord> = {}) => preferenceFormFromRecord(record(overrides));

/** Nothing on, every section present. */
function allOff(): PreferenceForm {
  return form({
    marketing: '0',
    alerts: [{ name: 'Account alerts', status: '0' }],
    news_letters: [{ id: 4, name: 'Weekly digest', status: '0' }],
  });
}

describe('preferenceFormFromRecord', () => {
  it('turns "1"/"0" into on/off and keeps the page data', () => {
    expect(form()).toEqual({
      unsubId: UNSUB_ID,
      email: 'dana@example.test',
      logoUrl: 'https://cdn.example.test/logo.png',
      organisationName: 'Northwind Analytics',
      marketing: true,
      webinars: false,
      unsubAll: false,
      alerts: [
        { key: 'Account alerts', label: 'Account alerts', on: true },
        { key: 'CxO alerts', label: 'CxO alerts', on: false },
      ],
      newsletters: [
        { key: '4', label: 'Weekly digest', on: true },
        { key: '5', label: 'Sales triggers', on: true },
      ],
    });
  });

  it('reads the answer of get_recipient_details/ as the server sends it', () => {
    const answer = recipientDetailsSchema.parse({
      success: true,
      status: 'True',
      ...record(),
      privacy_url: null,
      contact_url: null,
    });
    expect(preferenceFormFromRecord(answer).newsletters.map((n) => n.key)).toEqual(['4', '5']);
  });

  it('an empty email or logo is none', () => {
    expect(form({ email: '', logo_image_url: null })).toMatchObject({ email: null, logoUrl: null });
  });
});

describe('visible sections', () => {
  it('shows every section with data, in the page order', () => {
    expect(visibleSections(form())).toEqual(['marketing', 'alerts', 'newsletters', 'webinars', 'unsubAll']);
  });

  it('hides empty lists and flags missing from the record', () => {
    const sparse = preferenceFormFromRecord({ id: UNSUB_ID, unsub_all: '0', alerts: [], news_letters: [] });
    expect(visibleSections(sparse)).toEqual(['unsubAll']);
    expect(visibleSections(form({ alerts: [], webinars: undefined }))).toEqual([
      'marketing',
      'newsletters',
      'unsubAll',
    ]);
  });

  it('shows a flag section that is off (present is enough)', () => {
    expect(visibleSections(form({ marketing: '0' }))).toContain('marketing');
  });
});

describe('section checkboxes', () => {
  it('a list section is checked only when all its sub-options are on', () => {
    expect(isSectionChecked(form(), 'alerts')).toBe(false);
    expect(isSectionChecked(form(), 'newsletters')).toBe(true);
    expect(isSectionChecked(form({ alerts: [] }), 'alerts')).toBe(false);
  });

  it('toggling a partly-on list section turns all on; toggling it again turns all off', () => {
    const on = toggleSection(form(), 'alerts');
    expect(on.alerts.map((a) => a.on)).toEqual([true, true]);
    expect(isSectionChecked(on, 'alerts')).toBe(true);
    const off = toggleSection(on, 'alerts');
    expect(off.alerts.map((a) => a.on)).toEqual([false, false]);
    expect(toggleSection(off, 'alerts').alerts.map((a) => a.on)).toEqual([true, true]);
  });

  it('turning the last sub-option on checks the section; one off unchecks it', () => {
    const all = toggleSubOption(form(), 'alerts', 'CxO alerts');
    expect(isSectionChecked(all, 'alerts')).toBe(true);
    const one = toggleSubOption(all, 'newsletters', '5');
    expect(isSectionChecked(one, 'newsletters')).toBe(false);
    expect(one.newsletters.map((n) => n.on)).toEqual([true, false]);
  });

  it('flag sections flip', () => {
    expect(toggleSection(form(), 'marketing').marketing).toBe(false);
    expect(toggleSection(form(), 'webinars').webinars).toBe(true);
    expect(isSectionChecked(form(), 'marketing')).toBe(true);
  });

  it('an unknown sub-option or a hidden section changes nothing', () => {
    const start = form({ webinars: undefined });
    expect(toggleSubOption(start, 'alerts', 'No such alert')).toBe(start);
    expect(toggleSection(start, 'webinars')).toBe(start);
    expect(toggleSection(form({ alerts: [] }), 'alerts').alerts).toEqual([]);
  });
});

describe('Unsubscribe All', () => {
  it('checking it disables every other section, which then ignore toggles', () => {
    const all = toggleSection(form(), 'unsubAll');
    expect(all.unsubAll).toBe(true);
    for (const section of ['marketing', 'alerts', 'newsletters', 'webinars'] as const) {
      expect(isSectionDisabled(all, section)).toBe(true);
      expect(toggleSection(all, section)).toBe(all);
    }
    expect(toggleSubOption(all, 'alerts', 'CxO alerts')).toBe(all);
    expect(isSectionDisabled(all, 'unsubAll')).toBe(false);
    expect(isSectionDisabled(form(), 'marketing')).toBe(false);
  });

  it('unchecking it gives the other sections back the values they held', () => {
    const before = form();
    const after = toggleSection(toggleSection(before, 'unsubAll'), 'unsubAll');
    expect(after).toEqual(before);
  });
});

describe('hasAnyOptionOn (Submit is disabled without one)', () => {
  it('is false when nothing is on', () => {
    expect(hasAnyOptionOn(allOff())).toBe(false);
  });

  it.each([
    ['marketing', (f: PreferenceForm) => toggleSection(f, 'marketing')],
    ['webinars', (f: PreferenceForm) => toggleSection(f, 'webinars')],
    ['an alert', (f: PreferenceForm) => toggleSubOption(f, 'alerts', 'Account alerts')],
    ['a newsletter', (f: PreferenceForm) => toggleSubOption(f, 'newsletters', '4')],
    ['Unsubscribe All', (f: PreferenceForm) => toggleSection(f, 'unsubAll')],
  ])('is true with %s on', (_, turnOn) => {
    expect(hasAnyOptionOn(turnOn(allOff()))).toBe(true);
  });
});

describe('preferencePayload (update_preference/)', () => {
  it('sends every field as text: flags "1"/"0", alerts as JSON, newsletter ids comma-separated', () => {
    expect(preferencePayload(form())).toEqual({
      unsub_uuid: UNSUB_ID,
      unsub_all: '0',
      marketing: '1',
      alerts: '[{"name":"Account alerts","status":"1"},{"name":"CxO alerts","status":"0"}]',
      news_letters_subscribed: '4,5',
      webinars: '0',
    });
  });

  it('sends "" for no newsletter and "[]" for no alerts; a missing flag as "0"', () => {
    const payload = preferencePayload(
      preferenceFormFromRecord({ id: UNSUB_ID, marketing: '1', alerts: [], news_letters: [] }),
    );
    expect(payload).toMatchObject({
      alerts: '[]',
      news_letters_subscribed: '',
      webinars: '0',
      unsub_all: '0',
    });
  });

  it('follows the toggles', () => {
    const changed = toggleSubOption(toggleSection(form(), 'webinars'), 'newsletters', '4');
    expect(preferencePayload(changed)).toMatchObject({ webinars: '1', news_letters_subscribed: '5' });
  });

  it('with Unsubscribe All on, sends every other choice off (what the server stores)', () => {
    expect(preferencePayload(toggleSection(form(), 'unsubAll'))).toEqual({
      unsub_uuid: UNSUB_ID,
      unsub_all: '1',
      marketing: '0',
      alerts: '[{"name":"Account alerts","status":"0"},{"name":"CxO alerts","status":"0"}]',
      news_letters_subscribed: '',
      webinars: '0',
    });
  });
});
