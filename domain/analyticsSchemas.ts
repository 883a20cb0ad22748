import { z } from 'zod';
import { limitField, offsetField } from './wholeNumberField.ts';
import {
  booleanFieldSchema,
  idFieldSchema,
  idListFieldSchema,
  searchFieldSchema,
} from './workflowFormFields.ts';

/** The export of a report call: export_analytics asks for it, export_format its file (CSV by default). */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const exportFields = {
  export_analytics: booleanFieldSchema('export_analytics').optional().default(false),
  export_format: z
    .enum(EXPORT_FORMATS, { error: 'export_format must be csv or xlsx.' })
    .optional()
    .default('csv'),
};

/** The analytics page size (the client asks for 20; a listing may ask for up to 100). */
export const ANALYTICS_PAGE_SIZE = 20;
export const ANALYTICS_MAX_LIMIT = 100;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day (YYYY-MM-DD) or nothing: blank text is no date. */
export const dayFieldSchema = (field: string) =>
  z
    .string({ error: `${field} must be a date such as 2026-11-01.` })
    .optional()
    .transform((value, ctx): string | null => {
      const raw = (value ?? '').trim();
      if (raw === '') return null;
      const at = Date.parse(`${raw}T00:00:00Z`);
      if (!DAY.test(raw) || Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== raw) {
        ctx.addIssue({ code: 'custom', message: `${field} must be a date such as 2026-11-01.` });
        return z.NEVER;
      }
      return raw;
    });

/** A yes/no field that may be left out (then no). */
export const flag = (field: string) => booleanFieldSchema(field).optional().default(false);

/** One search of the emails filter: its words, whether all its results were selected, the ids picked. */
export type AnalyticsSearchEntry = { term: string; select_all: boolean; email_ids: number[] };

const searchEntrySchema = z.object(
  {
    term: z
      .string({ error: 'search_list: each term must be text.' })
      .max(200, 'search_list: a term is too long.'),
    select_all: z
      .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])], {
        error: 'search_list: select_all must be true or false.',
      })
      .optional()
      .transform((v) => v === true || v === 1 || v === '1' || v === 'true'),
    email_ids: idListFieldSchema('search_list email_ids'),
  },
  { error: 'search_list must be a list of {term, select_all, email_ids}.' },
);

/** search_list: a JSON text (form) or a list (JSON body); blank searches (after trimming) are dropped. */
const searchListSchema = z
  .union([z.string().max(200_000, 'search_list is too long.'), z.array(z.unknown())], {
    error: 'search_list must be a list of {term, select_all, email_ids}.',
  })
  .optional()
  .transform((raw, ctx): AnalyticsSearchEntry[] => {
    if (raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return [];
    let value: unknown = raw;
    if (typeof raw === 'string') {
      try {
        value = JSON.parse(raw);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'search_list is not valid JSON.' });
        return z.NEVER;
      }
    }
    const parsed = z
      .array(searchEntrySchema)
      .max(50, 'search_list holds at most 50 searches.')
      .safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({
        code: 'custom',
        message:
          parsed.error.issues[0]?.message ?? 'search_list must be a list of {term, select_all, email_ids}.',
      });
      return z.NEVER;
    }
    return parsed.data.flatMap((entry) => {
      const term = entry.term.trim();
      return term === '' ? [] : [{ term, select_all: entry.select_all, email_ids: entry.email_ids }];
    });
  });

/** An optional id where "", 0 or nothing means none (filterId, user_id). */
export const optionalId = (field: string) =>
  z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((value) =>
      value === undefined || value === null || value === '' || value === 0 ? null : value,
    )
    .pipe(z.union([z.null(), idFieldSchema(field)]));

/**
 * The selection every analytics report shares: the period (organisation days, both ends included), the
 * campaigns, emails and workflows chosen (with select all, unselect all, searches and exclusions), the
 * by-User filter, test emails, the fixed pseudo campaigns and a saved filter.
 */
export const analyticsSelectionShape = {
  start_date: dayFieldSchema('start_date'),
  end_date: dayFieldSchema('end_date'),
  all_campaigns: flag('all_campaigns'),
  campaign_ids: idListFieldSchema('campaign_ids'),
  exclude_campaign_ids: idListFieldSchema('exclude_campaign_ids'),
  include_emails: idListFieldSchema('include_emails'),
  exclude_emails: idListFieldSchema('exclude_emails'),
  select_all: flag('select_all'),
  unselect_all: flag('unselect_all'),
  is_test_email: flag('is_test_email'),
  search_list: searchListSchema,
  is_workflow: flag('is_workflow'),
  all_workflows: flag('all_workflows'),
  workflow_ids: idListFieldSchema('workflow_ids'),
  user_id: optionalId('user_id'),
  share_profile: flag('share_profile'),
  daily_IQ: flag('daily_IQ'),
  weekly_account_insights: flag('weekly_account_insights'),
  /** A saved filter (fs_id); used only when no workflow, campaign or email is chosen. */
  filterId: optionalId('filterId'),
  filter_id: optionalId('filter_id'),
};

export const analyticsSelectionSchema = z.object(analyticsSelectionShape);
export type AnalyticsSelection = z.output<typeof analyticsSelectionSchema>;

/** analytics_dashboard/: the selection, and whether to export it instead. */
export const analyticsDashboardBodySchema = z.object({
  ...analyticsSelectionShape,
  ...exportFields,
});

/** dashboard_email_graph/ and dashboard_campaign_graph/: the selection, a page of the busiest first. */
export const analyticsGraphBodySchema = z.object({
  ...analyticsSelectionShape,
  limit: limitField(ANALYTICS_MAX_LIMIT, ANALYTICS_PAGE_SIZE),
  offset: offsetField(),
});

/** email_trends_graph/ and click_trends_graph/. */
export const analyticsTrendsBodySchema = z.object(analyticsSelectionShape);

/** campaigns_analytics/ (GET query or POST form): the selection, a page of campaigns (search by name). */
export const campaignsAnalyticsBodySchema = z.object({
  ...analyticsSelectionShape,
  search_campaign: searchFieldSchema('search_campaign'),
  ...exportFields,
  limit: limitField(ANALYTICS_MAX_LIMIT, ANALYTICS_PAGE_SIZE),
  offset: offsetField(),
});

/** The filter a saved filter keeps (save_filter/'s saved_data): the selection and the date choice shown. */
export const savedFilterDataSchema = z.object(
  {
    start_date: analyticsSelectionShape.start_date,
    end_date: analyticsSelectionShape.end_date,
    is_workflow: analyticsSelectionShape.is_workflow,
    all_campaigns: analyticsSelectionShape.all_campaigns,
    daily_IQ: analyticsSelectionShape.daily_IQ,
    share_profile: analyticsSelectionShape.share_profile,
    weekly_account_insights: analyticsSelectionShape.weekly_account_insights,
    campaign_ids: analyticsSelectionShape.campaign_ids,
    include_emails: analyticsSelectionShape.include_emails,
    workflow_ids: analyticsSelectionShape.workflow_ids,
    exclude_campaign_ids: analyticsSelectionShape.exclude_campaign_ids,
    exclude_emails: analyticsSelectionShape.exclude_emails,
    applied_date_object: z
      .object(
        { label: z.string().max(100), value: z.string().max(100) },
        { error: 'applied_date_object must be {label, value}.' },
      )
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    is_test_email: analyticsSelectionShape.is_test_email,
    select_all: analyticsSelectionShape.select_all,
    unselect_all: analyticsSelectionShape.unselect_all,
    search_list: analyticsSelectionShape.search_list,
  },
  { error: 'saved_data must be an object of filter fields.' },
);
export type SavedFilterData = z.output<typeof savedFilterDataSchema>;

/** save_filter/ (JSON): a name (the screen's is 'temporary_saved_filter'), the data, whether temporary. */
export const saveFilterBodySchema = z.object({
  name: z
    .string({ error: 'name must be text.' })
    .trim()
    .min(1, 'Give the filter a name.')
    .max(120, 'A filter name is at most 120 characters.')
    .optional()
    .default('temporary_saved_filter'),
  saved_data: z
    .union([z.string().max(200_000, 'saved_data is too long.'), z.record(z.string(), z.unknown())], {
      error: 'saved_data must be an object of filter fields.',
    })
    .transform((raw, ctx): unknown => {
      if (typeof raw !== 'string') return raw;
      try {
        return JSON.parse(raw);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'saved_data is not valid JSON.' });
        return z.NEVER;
      }
    })
    .pipe(savedFilterDataSchema),
  is_temporary: booleanFieldSchema('is_temporary').optional().default(true),
});

export const savedFilterQuerySchema = z.object({ filterId: idFieldSchema('filterId') });

/** export_download/: the token of an export's emailed link. */
export const exportDownloadQuerySchema = z.object({
  token: z
    .string({ error: 'token is missing: open the link from the email.' })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'This download link is not valid.'),
});
