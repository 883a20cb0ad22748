/** The analytics area's sections, in the order its navigation shows them (/analytics/{page}). */
export const ANALYTICS_SECTIONS = [
  { page: 'dashboard', label: 'Dashboard' },
  { page: 'campaigns-assets', label: 'Campaigns' },
  { page: 'contacts', label: 'Contacts' },
  { page: 'accounts', label: 'Accounts' },
  { page: 'lists', label: 'Lists' },
  { page: 'insights', label: 'Insights' },
  { page: 'content', label: 'Content' },
  { page: 'emails', label: 'Emails' },
  { page: 'workflows', label: 'Workflows' },
  { page: 'trends', label: 'Trends' },
] as const;

export type AnalyticsSection = (typeof ANALYTICS_SECTIONS)[number]['page'];

/** The section an address names; /analytics alone is the dashboard; anything else is null. */
export function analyticsSectionOf(page: string | undefined): AnalyticsSection | null {
  if (!page) return 'dashboard';
  return ANALYTICS_SECTIONS.find((section) => section.page === page)?.page ?? null;
}
