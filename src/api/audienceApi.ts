import type { ListContactKind } from '../../domain/audienceListSchemas.ts';
import type {
  AudienceListContactsPage,
  AudienceListDetails,
  AudienceListSummary,
  AudienceListsPage,
} from '../../domain/audienceLists.ts';
import type {
  AccountSortColumn,
  AccountsPage,
  ContactFields,
  PeopleFilterCounts,
  PeoplePage,
  PeopleScope,
  PeopleSelection,
  PeopleSortColumn,
  PeopleTab,
  PeopleTabCounts,
  PersonRow,
  SortType,
} from '../../domain/audiencePeople.ts';
import type {
  ContactImportState,
  CustomColumn,
  DuplicatePolicy,
  ImportDelimiter,
  ImportMapping,
  ImportRefusal,
} from '../../domain/contactImport.ts';
import type { FormField, FormSubmission, FormSummary } from '../../domain/hostedForms.ts';
import type { GroupUser, SalesGroup, SalesGroupsPage } from '../../domain/salesGroups.ts';
import { serviceClient } from './serviceClient.ts';

const audience = serviceClient('audience');
/** The people actions' refusals (a taken address ...) are shown by their panel or a toast, not the error page. */
const LOCAL_ERRORS = { errorCatalogue: false } as const;

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

export type PeoplePageQuery = {
  scope: PeopleScope;
  offset: number;
  limit: number;
  sortBy: PeopleSortColumn | null;
  sortType: SortType;
};

/** A page asked for by offset, limit and an optional search word (every searched listing of the service). */
type SearchedPage = { offset: number; limit: number; searchWord?: string };

/** GET of a searched listing: its total and the page's rows. */
async function searchedPage<Row>(
  path: string,
  page: SearchedPage,
  signal?: AbortSignal,
): Promise<{ total_count: number; data: Row[] }> {
  const answer = await audience.get<{ success: true; total_count: number; data: Row[] }>(path, {
    query: { offset: page.offset, limit: page.limit, search_word: page.searchWord ?? '' },
    signal,
  });
  return { total_count: answer.total_count, data: answer.data };
}

/** A form's settings as create_form/ and update_form/ take them. */
export type FormInput = {
  name: string;
  listId: number | null;
  campaignId: number | null;
  fields: FormField[];
};

/** What a form can point at (form_options/). */
export type FormOptions = {
  lists: { id: number; name: string }[];
  campaigns: { id: number; name: string }[];
};

/** The date filter of a form's submissions: YYYY-MM-DD days, both in; empty is all time. */
export type SubmissionDates = { startDate: string; endDate: string };

const formFields = (input: FormInput) => ({
  name: input.name,
  list_id: input.listId ?? '',
  campaign_id: input.campaignId ?? '',
  fields: JSON.stringify(input.fields),
});

/** The address of a form's submissions as CSV (a plain link: the browser downloads it with the session). */
function formSubmissionsCsvUrl(formId: number, dates: SubmissionDates): string {
  const query = new URLSearchParams({ form_id: String(formId) });
  if (dates.startDate) query.set('start_date', dates.startDate);
  if (dates.endDate) query.set('end_date', dates.endDate);
  return `${audience.base}export_form_submissions/?${query.toString()}`;
}

/** The forms calls (the audience service), in their own object so the module stays readable. */
export const formsApi = {
  /** GET forms_listing/: a page of the organisation's forms, most recently changed first. */
  list: (page: SearchedPage, signal?: AbortSignal) =>
    searchedPage<FormSummary>('forms_listing/', page, signal),

  /** GET form_details/: one form. */
  details: async (formId: number, signal?: AbortSignal): Promise<FormSummary> =>
    (
      await audience.get<{ success: true; data: FormSummary }>('form_details/', {
        query: { form_id: formId },
        signal,
      })
    ).data,

  /** The address of export_form_submissions/ (a link the browser downloads, the session's cookie with it). */
  submissionsCsvUrl: formSubmissionsCsvUrl,

  /** GET form_options/. */
  options: async (signal?: AbortSignal): Promise<FormOptions> =>
    (await audience.get<{ success: true; data: FormOptions }>('form_options/', { signal })).data,

  /** POST create_form/ or update_form/ (with formId); a name the organisation has is refused. */
  save: async (input: FormInput & { formId: number | null }, signal?: AbortSignal): Promise<FormSummary> =>
    (
      await audience.post<{ success: true; data: FormSummary }>(
        input.formId === null ? 'create_form/' : 'update_form/',
        { ...formFields(input), ...(input.formId === null ? {} : { form_id: input.formId }) },
        { signal, ...LOCAL_ERRORS },
      )
    ).data,

  /** POST delete_form/. */
  remove: async (formId: number, signal?: AbortSignal): Promise<void> => {
    await audience.post('delete_form/', { form_id: formId }, { signal });
  },

  /** GET form_submissions/: newest first, in the date range. */
  submissions: async (
    input: { formId: number; offset: number; limit: number } & SubmissionDates,
    signal?: AbortSignal,
  ): Promise<{ total_count: number; data: FormSubmission[] }> => {
    const answer = await audience.get<{ success: true; total_count: number; data: FormSubmission[] }>(
      'form_submissions/',
      {
        query: {
          form_id: input.formId,
          offset: input.offset,
          limit: input.limit,
          start_date: input.startDate,
          end_date: input.endDate,
        },
        signal,
      },
    );
    return { total_count: answer.total_count, data: answer.data };
  },
};

export type FormsApi = typeof formsApi;

/*
 * Calls whose refusals the screens show themselves (on a field, in a dialog or a toast) pass
 * errorCatalogue: false, so a 400 such as 'List with that name already exists' does not open the global
 * error page.
 */

/**
 * The audience service (server/services/audience, base /api/audience/): people, accounts, lists, import,
 * forms and sales groups. Sections below, one per part of the area.
 */
export const audienceApi = {
  // Lists

  /** GET lists_listing/: a page of the organisation's lists, newest first, optionally searched by name. */
  listLists: (page: SearchedPage, signal?: AbortSignal): Promise<AudienceListsPage> =>
    searchedPage('lists_listing/', page, signal),

  // People

  /** GET people_listing/: a page of one tab's people (total_count: the whole tab's total, else null). */
  listPeople: async (query: PeoplePageQuery, signal?: AbortSignal): Promise<PeoplePage> => {
    const answer = await audience.get<{ success: true } & PeoplePage>('people_listing/', {
      query: {
        ...scopeFields(query.scope),
        offset: query.offset,
        limit: query.limit,
        ...(query.sortBy && query.sortType !== 'NOSORT'
          ? { sort_by: query.sortBy, sort_type: query.sortType }
          : {}),
      },
      signal,
    });
    return { total_count: answer.total_count, has_more: answer.has_more, data: answer.data };
  },

  /** GET people_tab_counts/: the three tabs' totals for the scope's search and filters. */
  peopleTabCounts: async (scope: PeopleScope, signal?: AbortSignal): Promise<PeopleTabCounts> =>
    (
      await audience.get<{ success: true; data: PeopleTabCounts }>('people_tab_counts/', {
        query: scopeFields(scope),
        signal,
      })
    ).data,

  /** GET people_filter_counts/: each filter category's values with their counts. */
  peopleFilterCounts: async (scope: PeopleScope, signal?: AbortSignal): Promise<PeopleFilterCounts> =>
    (
      await audience.get<{ success: true; data: PeopleFilterCounts }>('people_filter_counts/', {
        query: scopeFields(scope),
        signal,
      })
    ).data,

  /** POST create_contact/ (created in `tab`: Profiled gives Steady without a personality). */
  createContact: async (fields: ContactFields, tab: PeopleTab): Promise<PersonRow> =>
    (
      await audience.post<{ success: true; data: PersonRow }>(
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
      await audience.post<{ success: true; data: PersonRow }>(
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
      await audience.post<{ success: true; deleted_count: number }>(
        'delete_contacts/',
        selectionFields(selection),
        LOCAL_ERRORS,
      )
    ).deleted_count,

  /** POST update_buyer_stage/: answers how many changed. */
  updateBuyerStage: async (selection: PeopleSelection, buyerStage: string): Promise<number> =>
    (
      await audience.post<{ success: true; updated_count: number }>(
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
      await audience.post<{ success: true; added_count: number }>(
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
    `${audience.base}export_people/?${new URLSearchParams(scopeFields(scope)).toString()}`,

  // Forms (their own object: audienceApi.forms.list, .save ...)
  forms: formsApi,

  // Sales groups

  /** GET groups_listing/: a page of the organisation's sales groups, newest first. */
  listGroups: (page: SearchedPage, signal?: AbortSignal): Promise<SalesGroupsPage> =>
    searchedPage('groups_listing/', page, signal),

  /** POST create_group/: a new group (0 users); a name the organisation has is refused. */
  createGroup: async (name: string, signal?: AbortSignal): Promise<SalesGroup> =>
    (
      await audience.post<{ success: true; data: SalesGroup }>(
        'create_group/',
        { group_name: name },
        { signal, ...LOCAL_ERRORS },
      )
    ).data,

  /** POST rename_group/. */
  renameGroup: async (input: { groupId: number; name: string }, signal?: AbortSignal): Promise<SalesGroup> =>
    (
      await audience.post<{ success: true; data: SalesGroup }>(
        'rename_group/',
        { group_id: input.groupId, group_name: input.name },
        { signal, ...LOCAL_ERRORS },
      )
    ).data,

  /** POST delete_group/ (the default team is refused). */
  deleteGroup: async (groupId: number, signal?: AbortSignal): Promise<void> => {
    await audience.post('delete_group/', { group_id: groupId }, { signal, ...LOCAL_ERRORS });
  },

  /** GET group_users/: every user of the organisation, marked when in the group. */
  groupUsers: async (groupId: number, signal?: AbortSignal): Promise<GroupUser[]> =>
    (
      await audience.get<{ success: true; data: GroupUser[] }>('group_users/', {
        query: { group_id: groupId },
        signal,
      })
    ).data,

  /** POST add_group_users/ or remove_group_users/: answers the group with its new user count. */
  changeGroupUsers: async (
    input: { groupId: number; userIds: readonly number[]; change: 'add' | 'remove' },
    signal?: AbortSignal,
  ): Promise<SalesGroup> =>
    (
      await audience.post<{ success: true; data: SalesGroup }>(
        input.change === 'add' ? 'add_group_users/' : 'remove_group_users/',
        { group_id: input.groupId, user_ids: input.userIds.join(',') },
        { signal },
      )
    ).data,
  // Accounts

  /** GET accounts_listing/. */
  listAccounts: async (query: AccountsPageQuery, signal?: AbortSignal): Promise<AccountsPage> => {
    const answer = await audience.get<{ success: true } & AccountsPage>('accounts_listing/', {
      query: {
        search_word: query.searchWord.trim(),
        offset: query.offset,
        limit: query.limit,
        ...(query.sortBy && query.sortType !== 'NOSORT'
          ? { sort_by: query.sortBy, sort_type: query.sortType }
          : {}),
      },
      signal,
    });
    return { total_count: answer.total_count, data: answer.data };
  },
  /** POST create_list/: an empty list, on top. A name that exists is refused ('List with that name already exists'). */
  createList: async (name: string, signal?: AbortSignal): Promise<AudienceListSummary> =>
    (
      await audience.post<{ data: AudienceListSummary }>(
        'create_list/',
        { list_name: name },
        { signal, errorCatalogue: false },
      )
    ).data,

  /** POST rename_list/. */
  renameList: async (
    input: { listId: number; name: string },
    signal?: AbortSignal,
  ): Promise<AudienceListSummary> =>
    (
      await audience.post<{ data: AudienceListSummary }>(
        'rename_list/',
        { list_id: input.listId, list_name: input.name },
        { signal, errorCatalogue: false },
      )
    ).data,

  /** POST clone_list/: the copy (members included), which goes right after the original. */
  cloneList: async (listId: number, signal?: AbortSignal): Promise<AudienceListSummary> =>
    (
      await audience.post<{ data: AudienceListSummary }>(
        'clone_list/',
        { list_id: listId },
        { signal, errorCatalogue: false },
      )
    ).data,

  /** POST delete_list/: refused with a message while a workflow uses the list. */
  deleteList: async (listId: number, signal?: AbortSignal): Promise<number> =>
    (
      await audience.post<{ list_id: number }>(
        'delete_list/',
        { list_id: listId },
        { signal, errorCatalogue: false },
      )
    ).list_id,

  /** GET list_details/: the list and the first page of its profiled and non-profiled contacts. */
  listDetails: async (listId: number, signal?: AbortSignal): Promise<AudienceListDetails> => {
    const answer = await audience.get<AudienceListDetails>('list_details/', {
      query: { list_id: listId },
      signal,
    });
    return { list: answer.list, profiled: answer.profiled, unprofiled: answer.unprofiled };
  },

  /** GET list_details/ with kind: one page of the list's profiled or non-profiled contacts. */
  listContacts: async (
    input: { listId: number; kind: ListContactKind; offset: number; limit: number },
    signal?: AbortSignal,
  ): Promise<AudienceListContactsPage> => {
    const answer = await audience.get<AudienceListDetails>('list_details/', {
      query: { list_id: input.listId, kind: input.kind, offset: input.offset, limit: input.limit },
      signal,
    });
    return answer[input.kind];
  },

  // Import

  /**
   * POST import_create/: an import's settings (columns matched to fields and kept as custom fields, what to
   * do with a repeated email, the separator) and list (list_id, or list_name for a new list).
   */
  createImport: async (
    input: {
      fileName: string;
      mapping: ImportMapping;
      customColumns: CustomColumn[];
      duplicatePolicy: DuplicatePolicy;
      delimiter: ImportDelimiter;
      headers: string[];
      totalRows: number;
      listId?: number;
      listName?: string;
    },
    signal?: AbortSignal,
  ): Promise<{ importId: number; listId: number | null }> => {
    const answer = await audience.post<{ import_id: number; list_id: number | null }>(
      'import_create/',
      {
        file_name: input.fileName,
        mapping: JSON.stringify(input.mapping),
        custom_columns: JSON.stringify(input.customColumns),
        duplicate_policy: input.duplicatePolicy,
        delimiter: input.delimiter,
        headers: JSON.stringify(input.headers),
        has_header: 1,
        total_rows: input.totalRows,
        ...(input.listId !== undefined ? { list_id: input.listId } : {}),
        ...(input.listName !== undefined ? { list_name: input.listName } : {}),
      },
      { signal, errorCatalogue: false },
    );
    return { importId: answer.import_id, listId: answer.list_id };
  },

  /** POST import_chunk/ (JSON): one piece of the file, in order from 0. */
  sendImportChunk: async (
    input: { importId: number; seq: number; text: string },
    signal?: AbortSignal,
  ): Promise<void> => {
    await audience.postJson(
      'import_chunk/',
      { import_id: input.importId, seq: input.seq, text: input.text },
      { signal, errorCatalogue: false },
    );
  },

  /** POST import_start/: the server's background job imports the uploaded file. */
  startImport: async (importId: number, signal?: AbortSignal): Promise<void> => {
    await audience.post('import_start/', { import_id: importId }, { signal, errorCatalogue: false });
  },

  /** GET import_status/: the import's progress and counts, with its first rows not imported. */
  importStatus: async (
    importId: number,
    signal?: AbortSignal,
  ): Promise<{ data: ContactImportState; refusals: ImportRefusal[] }> => {
    const answer = await audience.get<{ data: ContactImportState; refusals: ImportRefusal[] }>(
      'import_status/',
      { query: { import_id: importId }, signal },
    );
    return { data: answer.data, refusals: answer.refusals };
  },

  /** Where the download (CSV) of an import's rows not imported is. */
  refusalsCsvUrl: (importId: number): string =>
    `${audience.base}import_refusals_csv/?import_id=${encodeURIComponent(String(importId))}`,
};

export type AudienceApi = typeof audienceApi;
export type AccountsPageQuery = {
  searchWord: string;
  offset: number;
  limit: number;
  sortBy: AccountSortColumn | null;
  sortType: SortType;
};
