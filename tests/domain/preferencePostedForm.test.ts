import { describe, expect, it } from 'vitest';
import { preferenceFormFromRecord } from '../../domain/preferenceForm.ts';
import { preferencePageEvent } from '../../domain/preferencePageEvent.ts';
import { preferenceFormFromPost, renderedCheckedSections } from '../../domain/preferencePostedForm.ts';

const form = preferenceFormFromRecord({
  id: 'u1',
  email: 'dana@example.com',
  unsub_all: '0',
  marketing: '1',
  alerts: [
    { name: 'Account alerts', status: '1' },
    { name: 'CxO alerts', status: '1' },
  ],
  news_letters: [
    { id: 4, name: 'Weekly digest', status: '0' },
    { id: 5, name: 'Sales triggers', status: '1' },
  ],
});

describe('preferenceFormFromPost (the plain form, JavaScript off)', () => {
  it('reads flag sections and sub-options from what was posted', () => {
    const posted = preferenceFormFromPost(form, {
      section: ['webinars', 'unsubAll'],
      sections_rendered_checked: 'alerts',
      alert: 'CxO alerts',
      newsletter: ['4', '5', '99'],
    });
    expect(posted.marketing).toBe(false);
    // The record has no webinars flag: the section stays hidden (null) whatever is posted.
    expect(posted.webinars).toBeNull();
    expect(posted.unsubAll).toBe(true);
    // Alerts was rendered checked and was posted unchecked: the section checkbox wins, all off.
    expect(posted.alerts.map((o) => o.on)).toEqual([false, false]);
    // Newsletters' checkbox unchanged (rendered and posted unchecked): the sub-options count; 99 is ignored.
    expect(posted.newsletters.map((o) => o.on)).toEqual([true, true]);
  });

  it('lets a newly checked section switch on every sub-option', () => {
    const posted = preferenceFormFromPost(form, {
      section: ['alerts', 'newsletters'],
      sections_rendered_checked: ['alerts'],
      alert: 'Account alerts',
    });
    // Alerts unchanged (checked before and after): its sub-options as posted.
    expect(posted.alerts.map((o) => o.on)).toEqual([true, false]);
    expect(posted.newsletters.map((o) => o.on)).toEqual([true, true]);
  });

  it('names the list sections rendered checked', () => {
    expect(renderedCheckedSections(form)).toEqual(['alerts']);
  });
});

describe('preferencePageEvent', () => {
  it('describes a toggle with the section key and what is held now', () => {
    const event = preferencePageEvent(form, 'newsletters', new Date(Date.UTC(2026, 10, 1)));
    expect(event).toEqual({
      unsub_uuid: 'u1',
      status: '0',
      timestamp: String(Date.UTC(2026, 10, 1)),
      key: 'digests',
      news_letters_subscribed: '5',
      alerts_subscribed: '["Account alerts","CxO alerts"]',
    });
    expect(preferencePageEvent(form, 'unsubAll', new Date()).key).toBe('all');
    expect(preferencePageEvent(form, 'alerts', new Date()).status).toBe('1');
  });
});
