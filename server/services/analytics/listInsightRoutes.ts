import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listsAnalyticsBodySchema,
  weeklyAccountInsightsBodySchema,
} from '../../../domain/analyticsListInsightSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { weeklyAccountInsights } from './accountInsightQueries.ts';
import { answerOrExport } from './answerOrExport.ts';
import { SELECTION } from './dashboardRoutes.ts';
import type { ExportJobs } from './ExportJobs.ts';
import { listsAnalytics } from './listAnalyticsQueries.ts';

/** Analytics service, lists and insights: what was sent to each list, and the weekly account insight. */
export function listInsightRoutes(ctx: AppContext, exports: ExportJobs): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['analytics lists and insights'];
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.post(
      'lists_analytics/',
      {
        schema: {
          tags,
          summary: "A page of the organisation's lists with what was sent to each in the period",
          description: `${SELECTION} search_list_name, sort_by (list_name, sent, delivered, unique_opens, unique_clicks, open_rate, click_rate, unsubscribed, bounced), order_by (ASC, DESC, NOSORT), limit, offset. Counts only the emails list_sends records as sent for the list. Answers total_count, data, period.`,
          body: listsAnalyticsBodySchema,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        return answerOrExport(exports, db, user, 'lists_analytics', request.body, () =>
          listsAnalytics(db, user, request.body),
        );
      },
    );

    app.post(
      'weekly_account_insights/',
      {
        schema: {
          tags,
          summary: 'The accounts whose engagement moved most this week against the week before',
          description: `${SELECTION} direction (rising, falling), limit, offset. The week is the seven days ending on end_date (today by default). Engagement: first opens plus first clicks of the account's contacts. weekly_account_insights=1 restricts it to that pseudo campaign. Answers total_count, data (with top_contacts), weeks.`,
          body: weeklyAccountInsightsBodySchema,
        },
      },
      async (request) => {
        const { user } = currentAuth(request);
        return answerOrExport(exports, db, user, 'weekly_account_insights', request.body, () =>
          weeklyAccountInsights(db, user, request.body),
        );
      },
    );
  };
}
