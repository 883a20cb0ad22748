import { z } from 'zod';
import { sortTypeField } from './analyticsContactSchemas.ts';
import {
  ANALYTICS_MAX_LIMIT,
  ANALYTICS_PAGE_SIZE,
  analyticsSelectionShape,
  exportFields,
} from './analyticsSchemas.ts';
import { limitField, offsetField } from './wholeNumberField.ts';
import { searchFieldSchema } from './workflowFormFields.ts';

/** The columns the lists report sorts by. */
export const LIST_ANALYTICS_SORTS = [
  'list_name',
  'sent',
  'delivered',
  'unique_opens',
  'unique_clicks',
  'open_rate',
  'click_rate',
  'unsubscribed',
  'bounced',
] as const;
export type ListAnalyticsSort = (typeof LIST_ANALYTICS_SORTS)[number];

/** lists_analytics/: a page of the organisation's lists with what was sent to each in the period. */
export const listsAnalyticsBodySchema = z.object({
  ...analyticsSelectionShape,
  limit: limitField(ANALYTICS_MAX_LIMIT, ANALYTICS_PAGE_SIZE),
  offset: offsetField(),
  search_list_name: searchFieldSchema('search_list_name'),
  sort_by: z
    .enum(LIST_ANALYTICS_SORTS, { error: `sort_by must be one of ${LIST_ANALYTICS_SORTS.join(', ')}.` })
    .optional(),
  order_by: sortTypeField('order_by'),
  ...exportFields,
});

/** Which way an account's engagement moved this week against the week before. */
export const INSIGHT_DIRECTIONS = ['rising', 'falling'] as const;
export type InsightDirection = (typeof INSIGHT_DIRECTIONS)[number];

/** weekly_account_insights/: a page of the accounts whose engagement moved most, rising or falling. */
export const weeklyAccountInsightsBodySchema = z.object({
  ...analyticsSelectionShape,
  limit: limitField(ANALYTICS_MAX_LIMIT, ANALYTICS_PAGE_SIZE),
  offset: offsetField(),
  direction: z
    .enum(INSIGHT_DIRECTIONS, { error: 'direction must be rising or falling.' })
    .optional()
    .default('rising'),
  ...exportFields,
});
