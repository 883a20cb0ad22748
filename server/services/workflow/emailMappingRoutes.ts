import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailMappingBodySchema } from '../../../domain/workflowSchemas.ts';
import type { WorkflowAnswers } from '../../../domain/workflowTypes.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { currentAuth } from '../../lib/sessions.ts';
import { mapEmails } from './mapEmails.ts';

/** email_mapping/ on its own (the builder sends its mapping with update_workflow/); signed in by its parent. */
export function emailMappingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  const tags = ['workflow'];
  return async (app) => {
    app.post(
      'email_mapping/',
      {
        schema: {
          tags,
          summary: "Add and remove emails of a workflow's graph (an id in both lists cancels out)",
          body: emailMappingBodySchema,
        },
      },
      async (request): Promise<WorkflowAnswers['email_mapping'] & { success: true }> => {
        const { workflow_id, add_emails, remove_emails } = request.body;
        const ids = await mapEmails(db, currentAuth(request).user, workflow_id, {
          add_emails,
          remove_emails,
        });
        return { success: true, data: { email_ids: ids } };
      },
    );
  };
}
