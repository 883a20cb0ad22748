import { z } from 'zod';
import {
  ANALYTICS_MAX_LIMIT,
  ANALYTICS_PAGE_SIZE,
  analyticsSelectionShape,
  flag,
} from './analyticsSchemas.ts';
import { limitField, offsetField } from './wholeNumberField.ts';
import { idFieldSchema, idListFieldSchema, searchFieldSchema } from './workflowFormFields.ts';

/** The analytics asset list's page (a campaign's emails). */
export const ASSET_PAGE_SIZE = 10;

/** emails_dropdown/ (JSON): the selection, a search of the listed emails, a page, or only the counts. */
export const emailsDropdownBodySchema = z.object({
  ...analyticsSelectionShape,
  search_term: searchFieldSchema('search_term'),
  limit: limitField(ANALYTICS_MAX_LIMIT, ANALYTICS_PAGE_SIZE),
  offset: offsetField(),
  is_count: flag('is_count'),
});

export const WORKFLOW_FILTERS = ['active', 'inactive', 'all'] as const;

/** dashboard_workflows/: the organisation's workflows by state, searched by name, a page at a time. */
export const dashboardWorkflowsQuerySchema = z.object({
  status: z
    .enum(WORKFLOW_FILTERS, { error: 'status must be active, inactive or all.' })
    .optional()
    .default('all'),
  search: searchFieldSchema('search'),
  limit: limitField(ANALYTICS_MAX_LIMIT, ANALYTICS_PAGE_SIZE),
  offset: offsetField(),
});

/** dashboard_campaign_emails/: the emails of some campaigns (GET: of every campaign). */
export const dashboardCampaignEmailsSchema = z.object({ campaign_ids: idListFieldSchema('campaign_ids') });

export const idParamsSchema = z.object({ id: idFieldSchema('id') });

/** assets_analytics/{id}/ and versions_analytics/{id}/: the selection's period and test flag, a page. */
export const assetAnalyticsQuerySchema = z.object({
  ...analyticsSelectionShape,
  limit: limitField(ANALYTICS_MAX_LIMIT, ASSET_PAGE_SIZE),
  offset: offsetField(),
});
