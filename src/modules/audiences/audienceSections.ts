/** The audience area's sections, in the order its navigation shows them (/audiences/{page}). */
export const AUDIENCE_SECTIONS = [
  { page: 'people', label: 'People' },
  { page: 'accounts', label: 'Accounts' },
  { page: 'lists', label: 'Lists' },
  { page: 'forms', label: 'Forms' },
  { page: 'groups', label: 'Sales groups' },
  { page: 'consent', label: 'Consent proof' },
  { page: 'search', label: 'Find and add' },
] as const;

export type AudienceSection = (typeof AUDIENCE_SECTIONS)[number]['page'];

/**
 * Other names of sections: contacts and all are People (every contact); add is Find people for a list
 * (?list_id=).
 */
const SECTION_ALIASES: Record<string, AudienceSection> = { contacts: 'people', all: 'people', add: 'search' };

/** The section an address names; /audiences alone is People; anything else is null (not found). */
export function audienceSectionOf(page: string | undefined): AudienceSection | null {
  if (!page) return 'people';
  const alias = SECTION_ALIASES[page];
  if (alias) return alias;
  return AUDIENCE_SECTIONS.find((section) => section.page === page)?.page ?? null;
}
