import { CONTACT_SORTS, CONTACT_TABS, type ContactSort, type ContactTab } from './analyticsContactSchemas.ts';

export type ContactSortType = 'ASC' | 'DESC';

/** A contact tab's sort as the address carries it: 'none' (the latest activity first) or "column.ASC|DESC". */
export const CONTACT_SORT_KEYS = [
  'none',
  ...CONTACT_SORTS.flatMap((column) => [`${column}.ASC`, `${column}.DESC`] as const),
] as const;
export type ContactSortKey = (typeof CONTACT_SORT_KEYS)[number];

/** The column and direction a sort key names; null for 'none' (no sort is sent). */
export function contactSortOf(key: string): { by: ContactSort; type: ContactSortType } | null {
  const [by, type] = key.split('.');
  if (!(CONTACT_SORTS as readonly string[]).includes(by ?? '') || (type !== 'ASC' && type !== 'DESC'))
    return null;
  return { by: by as ContactSort, type };
}

/** The sort key of a column and direction ('none' when there is no direction). */
export function contactSortKey(column: string, type: ContactSortType | 'NOSORT'): ContactSortKey {
  const key = `${column}.${type}`;
  return (CONTACT_SORT_KEYS as readonly string[]).includes(key) ? (key as ContactSortKey) : 'none';
}

/** The tab an address names (/analytics/contacts/{tab}); the delivered tab by default. */
export function contactTabOf(value: string | undefined): ContactTab {
  return (CONTACT_TABS as readonly string[]).includes(value ?? '') ? (value as ContactTab) : 'delivered';
}

export const CONTACT_TAB_LABELS: Record<ContactTab, string> = {
  delivered: 'Delivered',
  bounced: 'Bounced',
  unsubscribed: 'Unsubscribed',
  all_contacts: 'All contacts',
};

/** The columns a contact tab sorts by, with their labels. */
export const CONTACT_SORT_LABELS: Record<(typeof CONTACT_SORTS)[number], string> = {
  contact_name: 'Contact',
  contact_email: 'Email address',
  company_name: 'Company',
  sent: 'Sent',
  opens: 'Opens',
  clicks: 'Clicks',
  last_activity: 'Last activity',
};

/** The sort choices as one list ("Contact, A to Z"), for phones, where the table has no column headers. */
export const CONTACT_SORT_OPTIONS: { value: ContactSortKey; label: string }[] = [
  { value: 'none', label: 'Latest activity first' },
  ...CONTACT_SORTS.flatMap((column) => [
    { value: contactSortKey(column, 'ASC'), label: `${CONTACT_SORT_LABELS[column]}, ascending` },
    { value: contactSortKey(column, 'DESC'), label: `${CONTACT_SORT_LABELS[column]}, descending` },
  ]),
];
