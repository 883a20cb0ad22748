import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cloneWorkflowBodySchema,
  createWorkflowBodySchema,
  deleteWorkflowBodySchema,
  emailMappingBodySchema,
  resumeWorkflowBodySchema,
  updateWorkflowBodySchema,
  userWorkflowsQuerySchema,
  workflowIdQuerySchema,
} from '../../../domain/workflowSchemas.ts';
import { WORKFLOW_TEXTS, type WorkflowAnswers } from '../../../domain/workflowTypes.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { badRequest } from '../../lib/AppError.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { cloneWorkflow } from './cloneWorkflow.ts';
import { createWorkflow } from './createWorkflow.ts';
import { mapEmails } from './mapEmails.ts';
import { optionRoutes } from './optionRoutes.ts';
import { countWorkflows, deleteWorkflows, listWorkflowPage } from './queries.ts';
import { resumeWorkflow } from './resumeWorkflow.ts';
import { updateWorkflow } from './updateWorkflow.ts';
import { loadDetails } from './workflowDetails.ts';

type Answer<K extends keyof WorkflowAnswers> = WorkflowAnswers[K] & { success: true };

/**
 * Workflow service (spec 01 section 7): a signed-in user's automation workflows. A workflow
 * belongs to its user: another user's id answers 404 {success:false, message} and changes nothing.
 * Bad input answers 400; a refused rule (publish, status change, clone permission) answers 200
 * {success:false, message}. See the README section "Workflow service".
 */
export function workflowRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['workflow'];
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));

    app.post(
      'create_workflow/',
      {
        schema: {
          tags,
          summary: 'Create a draft workflow from a trigger',
          description:
            'trigger_id (7, 8, 9, 10, 11, 14) is required; email_id and list_id count only when > 0. Email ' +
            'triggers (7, 8, 9, 11) need email_id, 14 needs list_id, 10 needs sp_uuid, each of your organisation. ' +
            'workflow_name is optional (default "New Workflow").',
          body: createWorkflowBodySchema,
        },
      },
      async (request): Promise<Answer<'create_workflow'>> => {
        const { user } = currentAuth(request);
        const body = request.body;
        const data = await createWorkflow(db, user, {
          triggerId: body.trigger_id,
          emailId: body.email_id,
          listId: body.list_id,
          spUuid: body.sp_uuid,
          name: body.workflow_name,
        });
        return { success: true, workflow_id: data.id, data };
      },
    );

    app.get(
      'get_workflow_details/',
      { schema: { tags, summary: 'One workflow with its flow', querystring: workflowIdQuerySchema } },
      async (request): Promise<Answer<'get_workflow_details'>> => ({
        success: true,
        data: await loadDetails(db, currentAuth(request).user.id, request.query.workflow_id),
      }),
    );

    app.post(
      'update_workflow/',
      {
        schema: {
          tags,
          summary: 'Save a workflow (flow, name, status, trigger subject); status active publishes',
          description:
            'Form: workflow_id, workflow (the flow as JSON text), status (draft|active|inactive), ' +
            'trigger_email_update (email id), trigger_list_id, workflow_name, optional version (refused with 409 ' +
            'when the saved version differs), and optional add_emails and remove_emails (id lists, as ' +
            'email_mapping/ takes them: the emails added to and removed from the graph since the last save). ' +
            'Flow and mapping are saved in one transaction: a broken graph or an add_emails id that is not an ' +
            'email of your organisation answers 400 and saves neither; a refused publish or status change ' +
            'answers {success:false, message, error_publish_nodes} and saves nothing.',
          body: updateWorkflowBodySchema,
        },
      },
      async (request) => {
        const outcome = await updateWorkflow(db, currentAuth(request).user, request.body);
        if (!outcome.ok)
          return {
            success: false,
            message: outcome.message,
            error_publish_nodes: outcome.error_publish_nodes ?? [],
          };
        return {
          success: true,
          message: outcome.message,
          data: outcome.data,
        } satisfies Answer<'update_workflow'>;
      },
    );

    app.get(
      'get_user_workflows/',
      {
        schema: {
          tags,
          summary: "A page of the user's workflows, newest first",
          description:
            'offset, limit (1-100, default 20), workflow_name (trimmed; blank = no search), filter_type ' +
            '(all|active|inactive). total_count counts the search and filter; total_active_count all active ones.',
          querystring: userWorkflowsQuerySchema,
        },
      },
      async (request): Promise<Answer<'get_user_workflows'>> => {
        const { user } = currentAuth(request);
        const q = request.query;
        const scope = { userId: user.id, search: q.workflow_name, filter: q.filter_type };
        return {
          success: true,
          ...(await listWorkflowPage(db, scope, { offset: q.offset, limit: q.limit })),
        };
      },
    );

    app.post(
      'delete_workflow/',
      {
        schema: {
          tags,
          summary: "Delete the user's workflows: by ids, or all under a search and filter minus exclusions",
          description:
            'select_all ("1"/"0", true/false); with select_all, every workflow matching search_term and ' +
            'filter_type except excluded_workflow_ids; without, workflow_ids. Id lists are comma-separated ' +
            '("4,5") or JSON ("[4,5]"). Only your own workflows are deleted.',
          body: deleteWorkflowBodySchema,
        },
      },
      async (request): Promise<Answer<'delete_workflow'>> => {
        const { user } = currentAuth(request);
        const body = request.body;
        if (!body.select_all && body.workflow_ids.length === 0) {
          throw badRequest('Send workflow_ids, or select_all with optional excluded_workflow_ids.');
        }
        const scope = { userId: user.id, search: body.search_term, filter: body.filter_type };
        const deleted = await deleteWorkflows(db, scope, {
          selectAll: body.select_all,
          ids: body.workflow_ids,
          excluded: body.excluded_workflow_ids,
        });
        return { success: true, deleted_count: deleted, ...(await countWorkflows(db, scope)) };
      },
    );

    app.post(
      'resume_workflow/',
      {
        schema: {
          tags,
          summary: 'Pause (status inactive) or resume (status active) a workflow from the list',
          body: resumeWorkflowBodySchema,
        },
      },
      async (request) => {
        const { workflow_id, status } = request.body;
        const outcome = await resumeWorkflow(db, currentAuth(request).user, workflow_id, status);
        if (!outcome.ok)
          return {
            success: false,
            message: outcome.message,
            error_publish_nodes: outcome.error_publish_nodes ?? [],
          };
        const { ok: _ok, ...rest } = outcome;
        return { success: true, ...rest } satisfies Answer<'resume_workflow'>;
      },
    );

    app.post(
      'clone_workflow/',
      {
        schema: {
          tags,
          summary: 'Copy a workflow as a new draft "<name> (copy)"',
          description: 'Refused unless you have permission on every email the workflow uses.',
          body: cloneWorkflowBodySchema,
        },
      },
      async (request) => {
        const outcome = await cloneWorkflow(db, currentAuth(request).user, request.body.workflow_id);
        if (!outcome.ok) return { success: false, message: outcome.message };
        return {
          success: true,
          message: WORKFLOW_TEXTS.clonedTitle,
          data: outcome.data,
        } satisfies Answer<'clone_workflow'>;
      },
    );

    app.post(
      'email_mapping/',
      {
        schema: {
          tags,
          summary: "Add and remove emails of a workflow's graph (an id in both lists cancels out)",
          body: emailMappingBodySchema,
        },
      },
      async (request): Promise<Answer<'email_mapping'>> => {
        const { workflow_id, add_emails, remove_emails } = request.body;
        const ids = await mapEmails(db, currentAuth(request).user, workflow_id, {
          add_emails,
          remove_emails,
        });
        return { success: true, data: { email_ids: ids } };
      },
    );

    await app.register(optionRoutes(ctx));
  };
}
