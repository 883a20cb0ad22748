import type { PreferenceSection } from '../domain/preferenceForm.ts';

/** Each preference section's title and text ("Public page layouts"). */
export const PREFERENCE_SECTION_TEXTS: Record<PreferenceSection, { title: string; text: string }> = {
  marketing: { title: 'Marketing', text: 'Stay updated on how our product is constantly evolving.' },
  alerts: {
    title: 'Alerts',
    text: 'Daily email alerts on your accounts and CxOs, updates on top industry news, and more.',
  },
  newsletters: {
    title: 'Digests/Newsletters',
    text: 'Get our latest curated articles, sales triggers news, and business advice delivered to your inbox every week.',
  },
  webinars: {
    title: 'Webinars/Events',
    text: 'Get notified about events and webinars, such as product demos and workshops.',
  },
  unsubAll: { title: 'Unsubscribe All', text: 'No longer receive any emails.' },
};
