import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { simulateBodySchema, workflowContactsQuerySchema } from '../../../domain/workflowRuntimeSchemas.ts';
import type { WorkflowContactsPage, WorkflowNodeCounts } from '../../../domain/workflowRuntimeTypes.ts';
import { workflowIdQuerySchema } from '../../../domain/workflowSchemas.ts';
import type { AppContext } from '../../lib/AppContext.ts';
import { authGuard, currentAuth } from '../../lib/sessions.ts';
import { workflowContacts, workflowNodeCounts } from '../runtime/runtimeQueries.ts';
import { SIMULATIONS_PER_USER, SimulationRunner } from '../runtime/SimulationRunner.ts';
import { simulationInput } from '../runtime/simulateWorkflow.ts';
import { loadOwnWorkflow } from './workflowQueries.ts';

/**
 * The workflow runtime's calls, under the workflow base: where contacts are in a workflow and
 * the simulator. Signed in (session + CSRF on POST); another user's or an unknown workflow answers 404
 * {success:false, message:"Workflow not found."} like the rest of the workflow service.
 */
export function runtimeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db, config } = ctx;
  const tags = ['workflow runtime'];
  return async (app) => {
    app.addHook('onRequest', authGuard(ctx.sessions, config));
    const simulations = new SimulationRunner({
      threads: config.simulationThreads,
      timeLimitMs: config.simulationTimeLimitMs,
    });
    app.addHook('onClose', () => simulations.close());

    app.get(
      'workflow_node_counts/',
      {
        schema: {
          tags,
          summary: 'Per node: contacts that passed it, are waiting at it, and left there',
          querystring: workflowIdQuerySchema,
        },
      },
      async (request): Promise<{ success: true; data: WorkflowNodeCounts }> => {
        const workflow = await loadOwnWorkflow(db, currentAuth(request).user.id, request.query.workflow_id);
        return { success: true, data: await workflowNodeCounts(db, workflow.id) };
      },
    );

    app.get(
      'workflow_contacts/',
      {
        schema: {
          tags,
          summary: "A page of the workflow's enrolled contacts (newest first) with their history",
          description:
            'offset, limit (1-100, default 20), optional status (running, waiting, held, completed, exited, ' +
            'failed) and node_id (contacts whose current node it is).',
          querystring: workflowContactsQuerySchema,
        },
      },
      async (request): Promise<{ success: true; data: WorkflowContactsPage }> => {
        await loadOwnWorkflow(db, currentAuth(request).user.id, request.query.workflow_id);
        return { success: true, data: await workflowContacts(db, request.query) };
      },
    );

    app.post(
      'simulate_workflow/',
      {
        schema: {
          tags,
          summary: 'Run a contact or a sample through a draft flow on a virtual clock; nothing is sent',
          description:
            'JSON body: workflow_id, flow (the draft; the saved flow when absent), trigger_id, contact_id or ' +
            'sample_size (1-50), start_at (ISO), events [{kind, email_id, link, after_minutes}] (the ' +
            "contact's real events when absent), horizon_days (1-366, default 60). A flow has at most 2,000 " +
            'steps; each contact shows its first 200 steps and emails and counts the rest. Simulations run ' +
            `off the event loop: ${SIMULATIONS_PER_USER} at a time per user (429 with Retry-After beyond), ` +
            `and one running longer than SIMULATION_TIME_LIMIT_MS (${config.simulationTimeLimitMs} ms) is ` +
            'stopped with a 400.',
          body: simulateBodySchema,
        },
      },
      async (request, reply) => {
        const auth = currentAuth(request);
        const workflow = await loadOwnWorkflow(db, auth.user.id, request.body.workflow_id);
        const input = await simulationInput(
          db,
          {
            id: workflow.id,
            org_id: workflow.org_id,
            trigger_id: request.body.trigger_id ?? workflow.trigger_id,
            flow: workflow.flow,
          },
          request.body,
        );
        // The thread wrote the answer's JSON (SimulateAnswer): it is sent as it is.
        const json = await simulations.run(auth.user.id, input);
        return reply.type('application/json; charset=utf-8').send(`{"success":true,"data":${json}}`);
      },
    );
  };
}
