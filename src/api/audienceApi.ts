import type { AudienceListsPage } from '../domain/audienceLists.ts';
import type { FormField, FormSubmission, FormSummary } from '../domain/hostedForms.ts';
import type { GroupUser, SalesGroup, SalesGroupsPage } from '../domain/salesGroups.ts';
import { serviceBases } from './serviceBases.ts';
import { serviceClient } from './serviceClient.ts';

const audience = serviceClient('audience');
const audienceBase = serviceBases.audience;

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
  return `${audienceBase}export_form_submissions/?${query.toString()}`;
}

/** The forms calls (the audience service), in their own object so the module stays readable. */
export const formsApi = {
  /** GET forms_listing/: a page of the organisation's forms, most recently changed first. */
  list: async (
    page: { offset: number; limit: number; searchWord?: string },
    signal?: AbortSignal,
  ): Promise<{ total_count: number; data: FormSummary[] }> => {
    const answer = await audience.get<{ success: true; total_count: number; data: FormSummary[] }>(
      'forms_listing/',
      { query: { offset: page.offset, limit: page.limit, search_word: page.searchWord ?? '' }, signal },
    );
    return { total_count: answer.total_count, data: answer.data };
  },

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
        { signal },
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

/**
 * The audience service (server/services/audience, base /api/audience/): people, accounts, lists, import,
 * forms and sales groups. Sections below, one per part of the area.
 */
export const audienceApi = {
  // Lists

  /** GET lists_listing/: a page of the organisation's lists, newest first, optionally searched by name. */
  listLists: async (
    page: { offset: number; limit: number; searchWord?: string },
    signal?: AbortSignal,
  ): Promise<AudienceListsPage> => {
    const answer = await audience.get<{ success: true } & AudienceListsPage>('lists_listing/', {
      query: { offset: page.offset, limit: page.limit, search_word: page.searchWord ?? '' },
      signal,
    });
    return { total_count: answer.total_count, data: answer.data };
  },

  // Forms (their own object: audienceApi.forms.list, .save ...)
  forms: formsApi,

  // Sales groups

  /** GET groups_listing/: a page of the organisation's sales groups, newest first. */
  listGroups: async (
    page: { offset: number; limit: number; searchWord?: string },
    signal?: AbortSignal,
  ): Promise<SalesGroupsPage> => {
    const answer = await audience.get<{ success: true } & SalesGroupsPage>('groups_listing/', {
      query: { offset: page.offset, limit: page.limit, search_word: page.searchWord ?? '' },
      signal,
    });
    return { total_count: answer.total_count, data: answer.data };
  },

  /** POST create_group/: a new group (0 users); a name the organisation has is refused. */
  createGroup: async (name: string, signal?: AbortSignal): Promise<SalesGroup> =>
    (
      await audience.post<{ success: true; data: SalesGroup }>(
        'create_group/',
        { group_name: name },
        { signal },
      )
    ).data,

  /** POST rename_group/. */
  renameGroup: async (input: { groupId: number; name: string }, signal?: AbortSignal): Promise<SalesGroup> =>
    (
      await audience.post<{ success: true; data: SalesGroup }>(
        'rename_group/',
        { group_id: input.groupId, group_name: input.name },
        { signal },
      )
    ).data,

  /** POST delete_group/ (the default team is refused). */
  deleteGroup: async (groupId: number, signal?: AbortSignal): Promise<void> => {
    await audience.post('delete_group/', { group_id: groupId }, { signal });
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
};

export type AudienceApi = typeof audienceApi;
