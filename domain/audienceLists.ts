import type { ContactStatusName } from './audiencePeople.ts';

/** Audience lists (spec 02 section 3 "Audience list"), as the audience service's lists_listing/ answers them. */
export type AudienceListSummary = {
  list_id: number;
  list_name: string;
  /** ISO time of the list's last change. */
  last_updated: string;
  /** Full name of the user who made the list. */
  created_by: string;
  /** Full name of the user who last sent to it, or null. */
  last_used_by: string | null;
  totalContacts: number;
  totalSent: number;
  totalClicks: number;
  is_active: boolean;
};

/** GET lists_listing/ (limit, offset, search_word): the organisation's lists, newest first. */
export type AudienceListsPage = { total_count: number; data: AudienceListSummary[] };

/** Lists are shown 8 a page; a page of fewer than 8 is the last (spec 02 section 9). */
export const AUDIENCE_LISTS_PAGE_SIZE = 8;

/** One contact of a list, as list_details/ answers it. */
export type AudienceListContact = {
  contact_id: number;
  first_name: string;
  last_name: string;
  email: string;
  designation: string | null;
  account_name: string | null;
  personality_type: string | null;
  status: ContactStatusName;
  /** False when a campaign send leaves them out for want of marketing consent (see PersonRow). */
  marketing_consent: boolean;
  added_at: string;
};

export type AudienceListContactsPage = { total_count: number; data: AudienceListContact[] };

/** GET list_details/: the list, and a page of its profiled and of its non-profiled contacts. */
export type AudienceListDetails = {
  list: AudienceListSummary;
  profiled: AudienceListContactsPage;
  unprofiled: AudienceListContactsPage;
};
