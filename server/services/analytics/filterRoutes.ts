import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assetAnalyticsQuerySchema,
  dashboardCampaignEmailsSchema,
  dashboardWorkflowsQuerySchema,
  emailsDropdownBodySchema,
  idParamsSchema,
} from '../../../domain/analyticsFilterSchemas.ts';
import { savedFilterQuerySchema, saveFilterBodySchema } from '../../../domain/analyticsSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { SELECTION } from './dashboardRoutes.ts';
import {
  campaignWorkflowDropdown,
  dashboardCampaignEmails,
  dashboardWorkflows,
  emailsDropdown,
  partsAnalytics,
} from './filterQueries.ts';
import { loadSavedFilter } from './loadSavedFilter.ts';
import { saveFilter } from './saveFilter.ts';

/**
 * Analytics service, the filter bar: the emails, campaigns and workflows it offers, saved filters (fs_id),
 * and the campaign and asset lists' analytics.
 */
export function filterRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['analytics filters'];
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.post(
      'emails_dropdown/',
      {
        schema: {
          tags,
          summary: 'The emails the filter offers, each marked when the selection keeps it',
          description: `JSON. ${SELECTION} search_term (names and subjects of the listed emails), limit, offset, is_count (totals only). Answers total_count, selected_count, data, ai_group, period.`,
          body: emailsDropdownBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        ...(await emailsDropdown(db, currentAuth(request).user, request.body)),
      }),
    );

    app.post(
      'campaign_workflow_dropdown/',
      { schema: { tags, summary: "The organisation's campaigns and workflows for the filter" } },
      async (request) => ({
        success: true as const,
        data: await campaignWorkflowDropdown(db, currentAuth(request).user.org_id),
      }),
    );

    app.get(
      'dashboard_workflows/',
      {
        schema: {
          tags,
          summary: "A page of the organisation's workflows for the filter",
          querystring: dashboardWorkflowsQuerySchema,
        },
      },
      async (request) => ({
        success: true as const,
        ...(await dashboardWorkflows(db, currentAuth(request).user.org_id, request.query)),
      }),
    );

    const campaignEmails = {
      tags,
      summary: 'The emails of some campaigns (none given: of every campaign)',
      description:
        'campaign_ids (comma-separated or JSON list). Another organisation’s campaign answers 404.',
    };
    app.get(
      'dashboard_campaign_emails/',
      { schema: { ...campaignEmails, querystring: dashboardCampaignEmailsSchema } },
      async (request) => ({
        success: true as const,
        ...(await dashboardCampaignEmails(db, currentAuth(request).user.org_id, request.query.campaign_ids)),
      }),
    );
    app.post(
      'dashboard_campaign_emails/',
      { schema: { ...campaignEmails, body: dashboardCampaignEmailsSchema } },
      async (request) => ({
        success: true as const,
        ...(await dashboardCampaignEmails(db, currentAuth(request).user.org_id, request.body.campaign_ids)),
      }),
    );

    for (const [path, what] of [
      ['assets_analytics/:id/', 'campaign'],
      ['versions_analytics/:id/', 'email'],
    ] as const)
      app.get(
        path,
        {
          schema: {
            tags,
            summary:
              what === 'campaign'
                ? "A page of a campaign's emails with their analytics"
                : "An email's editions with their analytics",
            description: `${SELECTION} (period and test emails) limit (default 10), offset.`,
            params: idParamsSchema,
            querystring: assetAnalyticsQuerySchema,
          },
        },
        async (request) => ({
          success: true as const,
          ...(await partsAnalytics(
            db,
            currentAuth(request).user,
            what === 'campaign' ? { campaignId: request.params.id } : { emailId: request.params.id },
            request.query,
          )),
        }),
      );

    app.post(
      'save_filter/',
      {
        schema: {
          tags,
          summary: 'Keeps a filter; its id is the fs_id of a report link',
          description:
            'JSON: name (default temporary_saved_filter), saved_data (start_date, end_date, is_workflow, all_campaigns, daily_IQ, share_profile, weekly_account_insights, campaign_ids, include_emails, workflow_ids, exclude_campaign_ids, exclude_emails, applied_date_object {label, value}, is_test_email, select_all, unselect_all, search_list), is_temporary (default true). Answers id.',
          body: saveFilterBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        ...(await saveFilter(db, currentAuth(request).user, request.body)),
      }),
    );

    app.get(
      'save_filter/',
      {
        schema: {
          tags,
          summary: 'A saved filter of the organisation (another organisation’s answers 404)',
          querystring: savedFilterQuerySchema,
        },
      },
      async (request) => ({
        success: true as const,
        data: await loadSavedFilter(db, currentAuth(request).user.org_id, request.query.filterId),
      }),
    );
  };
}
