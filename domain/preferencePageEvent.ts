import { isSectionChecked, type PreferenceForm, type PreferenceSection } from './preferenceForm.ts';

/** unsubscribe_page_events/'s fields, every one a text. */
export type PreferencePageEventFields = {
  unsub_uuid: string;
  status: '0' | '1';
  timestamp: string;
  /** digests (Digests/Newsletters), all (Unsubscribe All) or the section's own name. */
  key: string;
  news_letters_subscribed: string;
  /** JSON list of the alert names switched on. */
  alerts_subscribed: string;
};

const EVENT_KEYS: Record<PreferenceSection, string> = {
  marketing: 'marketing',
  alerts: 'alerts',
  newsletters: 'digests',
  webinars: 'webinars',
  unsubAll: 'all',
};

/**
 * The page event a toggle of `section` gives, from the form after the toggle: what the recipient did
 * (status: the section now checked or not) and what they hold now. The page sends it without waiting.
 */
export function preferencePageEvent(
  form: PreferenceForm,
  section: PreferenceSection,
  now: Date,
): PreferencePageEventFields {
  return {
    unsub_uuid: form.unsubId,
    status: isSectionChecked(form, section) ? '1' : '0',
    timestamp: String(now.getTime()),
    key: EVENT_KEYS[section],
    news_letters_subscribed: form.newsletters
      .filter((option) => option.on)
      .map((option) => option.key)
      .join(','),
    alerts_subscribed: JSON.stringify(form.alerts.filter((option) => option.on).map((option) => option.key)),
  };
}
