import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  graphEmailListingQuerySchema,
  workflowEmailsGraphBodySchema,
} from '../../../domain/workflowSchemas.ts';
import type { WorkflowAnswers } from '../../../domain/workflowTypes.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { workflowEmailsGraph, workflowGraphEmails } from './workflowGraphQueries.ts';

type Answer<K extends keyof WorkflowAnswers> = WorkflowAnswers[K] & { success: true };

/** Analytics service: the workflow email graph. A workflow of another user answers 404. */
export function workflowGraphRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['analytics'];
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.get(
      'graph_email_listing/',
      {
        schema: {
          tags,
          summary: "The emails of a workflow's graph (search_term searches their names)",
          querystring: graphEmailListingQuerySchema,
        },
      },
      async (request): Promise<Answer<'graph_email_listing'>> => {
        const { user } = currentAuth(request);
        const q = request.query;
        return { success: true, data: await workflowGraphEmails(db, user, q.workflow_id, q.search_term) };
      },
    );

    app.post(
      'workflow_emails_graph/',
      {
        schema: {
          tags,
          summary: "Sends, opens and clicks per day of a workflow's emails",
          description:
            'Form: workflow_id, filter (week|month|qtr|year, default qtr: the last 7, 30, 90 or 365 days ending ' +
            'today in user_tz, or end_date YYYY-MM-DD), email_ids (optional, comma-separated or JSON; default every email of the graph).',
          body: workflowEmailsGraphBodySchema,
        },
      },
      async (request): Promise<Answer<'workflow_emails_graph'>> => {
        const { user } = currentAuth(request);
        const body = request.body;
        const data = await workflowEmailsGraph(db, user, {
          workflowId: body.workflow_id,
          filter: body.filter,
          emailIds: body.email_ids,
          timeZone: request.userTz,
          endDate: body.end_date,
        });
        return { success: true, data };
      },
    );
  };
}
