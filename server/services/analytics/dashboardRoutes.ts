import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analyticsDashboardBodySchema,
  analyticsGraphBodySchema,
  analyticsTrendsBodySchema,
  campaignsAnalyticsBodySchema,
} from '../../../domain/analyticsSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { answerOrExport } from './answerOrExport.ts';
import { campaignsAnalytics } from './campaignAnalyticsQueries.ts';
import type { ExportJobs } from './ExportJobs.ts';
import { analyticsDashboard, dashboardGraph } from './statsQueries.ts';
import { trendsGraph } from './trendQueries.ts';

export const SELECTION =
  'Selection (form or JSON): start_date and end_date (YYYY-MM-DD, organisation days; none: the quarter ' +
  'ending today, all time for workflows), all_campaigns, campaign_ids, include_emails, exclude_emails, ' +
  'select_all, unselect_all, search_list (JSON [{term, select_all, email_ids}]), is_test_email, ' +
  'is_workflow, all_workflows, workflow_ids, user_id (by User), share_profile, daily_IQ, ' +
  "weekly_account_insights (their pseudo campaign only), filterId (a saved filter's id, used only " +
  'without a workflow, campaign or email selection). Another organisation’s id answers 404.';

/**
 * Analytics service, the dashboard: stats with their rates and email engagement, the email, campaign and
 * workflow graphs, the email and click trends, the campaigns' analytics. Read from the rollups
 * (docs/analytics.md).
 */
export function dashboardRoutes(ctx: AppContext, exports: ExportJobs): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['analytics'];
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.post(
      'analytics_dashboard/',
      {
        schema: {
          tags,
          summary: 'The stats of a selection: counts, unique opens and clicks, rates, contacts and accounts',
          description: `${SELECTION} export_analytics (the selection's emails, as a CSV file whose link is emailed: answers email_address). Answers data: stats, email_engagement, period.`,
          body: analyticsDashboardBodySchema,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        return answerOrExport(exports, db, user, 'analytics_dashboard', request.body, async () => ({
          data: await analyticsDashboard(db, user, request.body),
        }));
      },
    );

    app.post(
      'dashboard_email_graph/',
      {
        schema: {
          tags,
          summary: "A page of the selection's emails with their counts and rates, most sent first",
          description: `${SELECTION} limit (default 20), offset. Answers total_count, data, period.`,
          body: analyticsGraphBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        ...(await dashboardGraph(db, currentAuth(request).user, request.body, 'email')),
      }),
    );

    app.post(
      'dashboard_campaign_graph/',
      {
        schema: {
          tags,
          summary: "A page of the selection's campaigns with their counts and rates, most sent first",
          description: `${SELECTION} limit (default 20), offset. Answers total_count, data, period.`,
          body: analyticsGraphBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        ...(await dashboardGraph(db, currentAuth(request).user, request.body, 'campaign')),
      }),
    );

    app.post(
      'dashboard_workflow_graph/',
      {
        schema: {
          tags,
          summary: "A page of the selection's workflows with their counts and rates, most sent first",
          description: `${SELECTION} Lists workflow sends only (send is_workflow 1 for every workflow, or workflow_ids). limit (default 20), offset. Answers total_count, data (workflow_id, workflow_name, workflow_status, counts, rates), period.`,
          body: analyticsGraphBodySchema,
        },
      },
      async (request) => ({
        success: true as const,
        ...(await dashboardGraph(db, currentAuth(request).user, request.body, 'workflow')),
      }),
    );

    for (const graph of ['email', 'click'] as const)
      app.post(
        `${graph}_trends_graph/`,
        {
          schema: {
            tags,
            summary: `The ${graph} trends of a selection at every zoom level its period spans`,
            description: `${SELECTION} Answers data: title, zoom_level (where the graph opens), levels, and per level x_axis (bucket starts) and data (one number per bucket and metric).`,
            body: analyticsTrendsBodySchema,
          },
        },
        async (request) => ({
          success: true as const,
          data: await trendsGraph(db, currentAuth(request).user, request.body, graph),
        }),
      );

    const campaignsDescription = `${SELECTION} search_campaign, limit (default 20), offset. Answers total_count, data (campaign totals of the period), period.`;
    app.get(
      'campaigns_analytics/',
      {
        schema: {
          tags,
          summary: "A page of the organisation's campaigns with their analytics",
          description: campaignsDescription,
          querystring: campaignsAnalyticsBodySchema.omit({ export_analytics: true, export_format: true }),
        },
      },
      async (request) => ({
        success: true as const,
        ...(await campaignsAnalytics(db, currentAuth(request).user, request.query)),
      }),
    );
    app.post(
      'campaigns_analytics/',
      {
        schema: {
          tags,
          summary: "A page of the organisation's campaigns with their analytics",
          description: campaignsDescription,
          body: campaignsAnalyticsBodySchema,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        return answerOrExport(exports, db, user, 'campaigns_analytics', request.body, () =>
          campaignsAnalytics(db, user, request.body),
        );
      },
    );
  };
}
