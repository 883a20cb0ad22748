/**
 * People of the audience area ("Contact"): tabs, sortable columns, filter categories,
 * personality types with their colours and codes, and the rows the audience service answers.
 */

export const PEOPLE_TABS = ['all', 'profiled', 'unprofiled'] as const;
export type PeopleTab = (typeof PEOPLE_TABS)[number];
export const PEOPLE_TAB_LABELS: Record<PeopleTab, string> = {
  all: 'All',
  profiled: 'Profiled',
  unprofiled: 'Unprofiled',
};

/** People tabs are shown 10 a page; a page of fewer than 10 is the last. */
export const PEOPLE_PAGE_SIZE = 10;

export const PEOPLE_SORT_COLUMNS = [
  'full_name',
  'contact_name',
  'company_name',
  'personality_name',
  'status',
  'buyer_stage',
  'created_on',
  'industry',
  'revenue',
] as const;
export type PeopleSortColumn = (typeof PEOPLE_SORT_COLUMNS)[number];
export const SORT_TYPES = ['ASC', 'DESC', 'NOSORT'] as const;
export type SortType = (typeof SORT_TYPES)[number];

export const PEOPLE_FILTER_CATEGORIES = [
  'designations',
  'organizations',
  'personalityType',
  'status',
  'buyerStage',
  'industry',
  'revenue',
] as const;
export type PeopleFilterCategory = (typeof PEOPLE_FILTER_CATEGORIES)[number];
export type PeopleFilters = Partial<Record<PeopleFilterCategory, string[]>>;
export const PEOPLE_FILTER_LABELS: Record<PeopleFilterCategory, string> = {
  designations: 'Designation',
  organizations: 'Organization',
  personalityType: 'Personality type',
  status: 'Status',
  buyerStage: 'Buyer stage',
  industry: 'Industry',
  revenue: 'Revenue',
};

export const CONTACT_STATUSES = ['Subscribed', 'Hard Bounce', 'Unsubscribed'] as const;
export type ContactStatusName = (typeof CONTACT_STATUSES)[number];

export const PERSONALITY_TYPES = ['Dominant', 'Influencer', 'Steady', 'Conscientious', 'Others'] as const;
export type PersonalityTypeName = (typeof PERSONALITY_TYPES)[number];

/** The personality type codes. */
export const PERSONALITY_TYPE_CODES: Record<PersonalityTypeName, string> = {
  Dominant: 'ADVA',
  Influencer: 'AIVA',
  Steady: 'ASVA',
  Conscientious: 'ACVA',
  Others: 'AOVA',
};

/** Each type's colour (text on white meets 4.5:1). */
export const PERSONALITY_TYPE_COLOURS: Record<PersonalityTypeName, string> = {
  Dominant: '#b42318',
  Influencer: '#a15c07',
  Steady: '#067647',
  Conscientious: '#1d4ed8',
  Others: '#5b5b6b',
};

/** The personality values under the type they belong to; N/A is Others. */
export const PERSONALITIES_BY_TYPE: Record<PersonalityTypeName, readonly string[]> = {
  Dominant: ['Driver', 'Leader', 'Challenger', 'Creator'],
  Influencer: ['Persuader', 'Motivator', 'Promoter', 'Advocate'],
  Steady: ['Collaborator', 'Proponent', 'Coordinator', 'Equalizer'],
  Conscientious: ['Designer', 'Manager', 'Strategist', 'Investigator'],
  Others: ['N/A'],
};
export const PERSONALITY_VALUES = Object.values(PERSONALITIES_BY_TYPE).flat();

/** The type a personality value belongs to (N/A and unknown values: Others). */
export function personalityTypeOf(personality: string): PersonalityTypeName {
  for (const type of PERSONALITY_TYPES) if (PERSONALITIES_BY_TYPE[type].includes(personality)) return type;
  return 'Others';
}

/** A contact created profiled without a personality type gets Steady. */
export const DEFAULT_PROFILED_TYPE: PersonalityTypeName = 'Steady';

export const BUYER_STAGES = [
  'Awareness',
  'Interest',
  'Consideration',
  'Intent',
  'Evaluation',
  'Purchase',
] as const;

/** A contact's score and stage now (people_scores/: they move as the buyer journey scores activity). */
export type PersonScore = { contact_id: number; engagement_score: number; buyer_stage: string };

/** A person as people_listing/ answers it. */
export type PersonRow = {
  contact_id: number;
  full_name: string;
  first_name: string;
  last_name: string;
  contact_email: string;
  designation: string | null;
  organization: string | null;
  account_id: number | null;
  company_website: string | null;
  industry: string | null;
  revenue: string | null;
  /** Null: unprofiled. */
  personality_type: PersonalityTypeName | null;
  personality: string;
  phone_number: string | null;
  status: ContactStatusName;
  buyer_stage: string;
  engagement_score: number;
  linkedin_url: string | null;
  twitter_url: string | null;
  country: string | null;
  /** Columns of an imported file that are no contact field: name -> value. */
  custom_fields: Record<string, string>;
  /** ISO time the contact was made. */
  created_on: string;
  /**
   * False when the contact has said no to marketing email (unsubscribe-all, marketing off, or a form that
   * asked for consent without it being given): a campaign send leaves them out.
   */
  marketing_consent: boolean;
  /** Set by the client when the contact was added to a list from this screen. */
  is_list_contact?: boolean;
};

/**
 * A page of people. total_count: the tab's total when the scope is the whole tab (kept by the server, free
 * to read); null when it is searched or filtered (people_tab_counts/ counts it, once per scope, not per
 * page). has_more: whether rows follow this page.
 */
export type PeoplePage = { total_count: number | null; has_more: boolean; data: PersonRow[] };
export type PeopleTabCounts = Record<PeopleTab, number>;
export type FilterValueCount = { value: string; count: number };
export type PeopleFilterCounts = Record<PeopleFilterCategory, FilterValueCount[]>;

/** An account as accounts_listing/ answers it. */
export type AccountRow = {
  account_id: number;
  name: string;
  website: string | null;
  industry: string | null;
  revenue: string | null;
  contacts_count: number;
  engagement_score: number;
};
export type AccountsPage = { total_count: number; data: AccountRow[] };

export const ACCOUNT_SORT_COLUMNS = [
  'name',
  'website',
  'industry',
  'revenue',
  'contacts_count',
  'engagement_score',
] as const;
export type AccountSortColumn = (typeof ACCOUNT_SORT_COLUMNS)[number];

/**
 * Which contacts an action applies to: the ids, or every contact of the scope (tab, search, filters,
 * account) except the excluded ids.
 */
export type PeopleScope = {
  tab: PeopleTab;
  searchWord: string;
  filters: PeopleFilters;
  accountId: number | null;
};
export type PeopleSelection =
  | { kind: 'ids'; ids: readonly number[] }
  | { kind: 'all'; scope: PeopleScope; excludedIds: readonly number[] };

/** The editable fields of a contact (create_contact/, update_contact/). */
export type ContactFields = {
  firstName: string;
  lastName: string;
  email: string;
  designation: string;
  organization: string;
  phoneNumber: string;
  industry: string;
  personalityType: PersonalityTypeName | '';
  personality: string;
  buyerStage: string;
  linkedinUrl: string;
  twitterUrl: string;
};
