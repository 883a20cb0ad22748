/** The audience area's sections, in the order its navigation shows them (/audiences/{page}). */
export const AUDIENCE_SECTIONS = [
  { page: 'people', label: 'People' },
  { page: 'accounts', label: 'Accounts' },
  { page: 'lists', label: 'Lists' },
  { page: 'forms', label: 'Forms' },
  { page: 'groups', label: 'Sales groups' },
  { page: 'consent', label: 'Consent proof' },
] as const;

export type AudienceSection = (typeof AUDIENCE_SECTIONS)[number]['page'];

/** The section an address names; /audiences alone is People; anything else is null (not found). */
export function audienceSectionOf(page: string | undefined): AudienceSection | null {
  if (!page) return 'people';
  return AUDIENCE_SECTIONS.find((section) => section.page === page)?.page ?? null;
}
