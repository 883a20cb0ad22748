import type { FormField, FormSubmission, FormSummary } from '../../domain/hostedForms.ts';
import { audienceService, LOCAL_ERRORS, type SearchedPage, searchedPage } from './audienceService.ts';

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
  return `${audienceService.base}export_form_submissions/?${query.toString()}`;
}

/** The forms calls of the audience service (audienceApi.forms). */
export const formsApi = {
  /** GET forms_listing/: a page of the organisation's forms, most recently changed first. */
  list: (page: SearchedPage, signal?: AbortSignal) =>
    searchedPage<FormSummary>('forms_listing/', page, signal),

  /** GET form_details/: one form. */
  details: async (formId: number, signal?: AbortSignal): Promise<FormSummary> =>
    (
      await audienceService.get<{ success: true; data: FormSummary }>('form_details/', {
        query: { form_id: formId },
        signal,
      })
    ).data,

  /** The address of export_form_submissions/ (a link the browser downloads, the session's cookie with it). */
  submissionsCsvUrl: formSubmissionsCsvUrl,

  /** GET form_options/. */
  options: async (signal?: AbortSignal): Promise<FormOptions> =>
    (await audienceService.get<{ success: true; data: FormOptions }>('form_options/', { signal })).data,

  /** POST create_form/ or update_form/ (with formId); a name the organisation has is refused. */
  save: async (input: FormInput & { formId: number | null }, signal?: AbortSignal): Promise<FormSummary> =>
    (
      await audienceService.post<{ success: true; data: FormSummary }>(
        input.formId === null ? 'create_form/' : 'update_form/',
        { ...formFields(input), ...(input.formId === null ? {} : { form_id: input.formId }) },
        { signal, ...LOCAL_ERRORS },
      )
    ).data,

  /** POST delete_form/. */
  remove: async (formId: number, signal?: AbortSignal): Promise<void> => {
    await audienceService.post('delete_form/', { form_id: formId }, { signal });
  },

  /** GET form_submissions/: newest first, in the date range. */
  submissions: async (
    input: { formId: number; offset: number; limit: number } & SubmissionDates,
    signal?: AbortSignal,
  ): Promise<{ total_count: number; data: FormSubmission[] }> => {
    const answer = await audienceService.get<{ success: true; total_count: number; data: FormSubmission[] }>(
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
