/** The activities that give points, in the criteria editor's order, with their labels. */
export const JOURNEY_ACTIVITY_POINTS = [
  { key: 'email_open', label: 'Email open' },
  { key: 'email_click', label: 'Email click' },
  { key: 'form_submission', label: 'Form submission' },
  { key: 'page_view', label: 'Page view' },
  { key: 'unsubscribe', label: 'Unsubscribe' },
] as const;
export type JourneyActivity = (typeof JOURNEY_ACTIVITY_POINTS)[number]['key'];
