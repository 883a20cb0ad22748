import type {
  ContactFields,
  PeopleFilterCounts,
  PeoplePage,
  PeopleScope,
  PeopleSelection,
  PeopleSortColumn,
  PeopleTab,
  PeopleTabCounts,
  PersonRow,
  PersonScore,
} from '../../domain/audiencePeople.ts';
import { audienceService, LOCAL_ERRORS, type SortedPage, sortedPageFields } from './audienceService.ts';

/** A people scope as the audience service's form and query fields. */
function scopeFields(scope: PeopleScope): Record<string, string> {
  const filters = Object.fromEntries(Object.entries(scope.filters).filter(([, values]) => values.length > 0));
  return {
    tab: scope.tab,
    search_word: scope.searchWord.trim(),
    filters: Object.keys(filters).length ? JSON.stringify(filters) : '',
    account_id: scope.accountId === null ? '' : String(scope.accountId),
  };
}

/** A selection as form fields: contact_ids, or select_all with excluded_ids over its scope. */
function selectionFields(selection: PeopleSelection): Record<string, string> {
  if (selection.kind === 'ids') return { contact_ids: selection.ids.join(','), select_all: 'false' };
  return {
    ...scopeFields(selection.scope),
    select_all: 'true',
    excluded_ids: selection.excludedIds.join(','),
  };
}

function contactFields(fields: ContactFields): Record<string, string> {
  return {
    first_name: fields.firstName,
    last_name: fields.lastName,
    email: fields.email,
    designation: fields.designation,
    organization: fields.organization,
    phone_number: fields.phoneNumber,
    industry: fields.industry,
    personality_type: fields.personalityType,
    personality: fields.personality,
    buyer_stage: fields.buyerStage,
    linkedin_url: fields.linkedinUrl,
    twitter_url: fields.twitterUrl,
  };
}

export type PeoplePageQuery = SortedPage<PeopleSortColumn> & { scope: PeopleScope };

/** The people calls of the audience service. */
export const peopleApi = {
  /** GET people_listing/: a page of one tab's people (total_count: the whole tab's total, else null). */
  listPeople: async (query: PeoplePageQuery, signal?: AbortSignal): Promise<PeoplePage> => {
    const answer = await audienceService.get<{ success: true } & PeoplePage>('people_listing/', {
      query: {
        ...scopeFields(query.scope),
        ...sortedPageFields(query),
      },
      signal,
    });
    return { total_count: answer.total_count, has_more: answer.has_more, data: answer.data };
  },

  /** GET people_tab_counts/: the three tabs' totals for the scope's search and filters. */
  peopleTabCounts: async (scope: PeopleScope, signal?: AbortSignal): Promise<PeopleTabCounts> =>
    (
      await audienceService.get<{ success: true; data: PeopleTabCounts }>('people_tab_counts/', {
        query: scopeFields(scope),
        signal,
      })
    ).data,

  /** GET people_filter_counts/: each filter category's values with their counts. */
  peopleFilterCounts: async (scope: PeopleScope, signal?: AbortSignal): Promise<PeopleFilterCounts> =>
    (
      await audienceService.get<{ success: true; data: PeopleFilterCounts }>('people_filter_counts/', {
        query: scopeFields(scope),
        signal,
      })
    ).data,

  /** POST create_contact/ (created in `tab`: Profiled gives Steady without a personality). */
  createContact: async (fields: ContactFields, tab: PeopleTab): Promise<PersonRow> =>
    (
      await audienceService.post<{ success: true; data: PersonRow }>(
        'create_contact/',
        {
          ...contactFields(fields),
          tab,
        },
        LOCAL_ERRORS,
      )
    ).data,

  /** POST update_contact/. */
  updateContact: async (contactId: number, fields: ContactFields): Promise<PersonRow> =>
    (
      await audienceService.post<{ success: true; data: PersonRow }>(
        'update_contact/',
        {
          ...contactFields(fields),
          contact_id: String(contactId),
        },
        LOCAL_ERRORS,
      )
    ).data,

  /** POST delete_contacts/: answers how many were deleted. */
  deleteContacts: async (selection: PeopleSelection): Promise<number> =>
    (
      await audienceService.post<{ success: true; deleted_count: number }>(
        'delete_contacts/',
        selectionFields(selection),
        LOCAL_ERRORS,
      )
    ).deleted_count,

  /** GET people_scores/: the score and stage of the given contacts now (of this organisation). */
  peopleScores: async (ids: readonly number[], signal?: AbortSignal): Promise<PersonScore[]> =>
    (
      await audienceService.get<{ success: true; data: PersonScore[] }>('people_scores/', {
        query: { contact_ids: ids.join(',') },
        signal,
      })
    ).data,

  /** POST update_buyer_stage/: answers how many changed. */
  updateBuyerStage: async (selection: PeopleSelection, buyerStage: string): Promise<number> =>
    (
      await audienceService.post<{ success: true; updated_count: number }>(
        'update_buyer_stage/',
        {
          ...selectionFields(selection),
          buyer_stage: buyerStage,
        },
        LOCAL_ERRORS,
      )
    ).updated_count,

  /** POST add_to_list/: answers how many joined the list. */
  addToList: async (selection: PeopleSelection, listId: number): Promise<number> =>
    (
      await audienceService.post<{ success: true; added_count: number }>(
        'add_to_list/',
        {
          ...selectionFields(selection),
          list_id: String(listId),
        },
        LOCAL_ERRORS,
      )
    ).added_count,

  /** The address of export_people/ for the scope (a plain download: a GET with the session cookie). */
  exportPeopleUrl: (scope: PeopleScope): string =>
    `${audienceService.base}export_people/?${new URLSearchParams(scopeFields(scope)).toString()}`,
};
