import { type Kysely, sql } from 'kysely';
import { nodeTitleOf, validateFlowStructure } from '../../../src/domain/workflowGraphRules.ts';
import type { SimulateBody } from '../../../src/domain/workflowRuntimeSchemas.ts';
import type {
  SimulateAnswer,
  SimulatedContact,
  SimulatedEmail,
  SimulatedEvent,
  SimulatedStep,
} from '../../../src/domain/workflowRuntimeTypes.ts';
import { TRIGGER_IDS, type WorkflowFlow } from '../../../src/domain/workflowTypes.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/AppError.ts';
import { advanceEnrolment, type EnrolmentState } from './advanceEnrolment.ts';
import { chainAllows } from './enrolContacts.ts';
import type { EventKind, EventQuery, StepPorts } from './runtimePorts.ts';

const DEFAULT_HORIZON_DAYS = 60;
const MAX_JOBS_PER_CONTACT = 500;

type RecordedEvent = { kind: EventKind; emailId: number; link: string | null; at: number };

/** An event source over a recorded list of events (the simulator's). */
export function recordedEventSource(events: readonly RecordedEvent[]): StepPorts['events'] {
  return {
    hasEvent: async (q: EventQuery) =>
      events.some(
        (e) =>
          e.kind === q.kind &&
          (q.emailId === null || e.emailId === q.emailId) &&
          (!q.link || e.link === q.link) &&
          (q.since === null || e.at >= q.since.getTime()) &&
          e.at <= q.until.getTime(),
      ),
  };
}

type SimulatedWorkflow = { id: number; org_id: number; trigger_id: number; flow: WorkflowFlow };

/**
 * Runs contacts through a (draft) flow on a virtual clock with the runtime's own step code
 * (advanceEnrolment): a delay moves the clock to its due time, conditions read the recorded events
 * (the request's, placed relative to the start, or the contact's real ones), a send is recorded, an
 * add to list changes an in-memory copy of the contact's lists and names the "subscribes to a list"
 * workflows it would enrol the contact in. It only reads the database: nothing is written or sent.
 */
export async function simulateWorkflow(
  db: Kysely<Database>,
  workflow: SimulatedWorkflow,
  body: SimulateBody,
): Promise<SimulateAnswer> {
  const flow = body.flow ?? workflow.flow;
  const problems = validateFlowStructure(flow);
  if (problems.length > 0) throw badRequest(`The workflow is not valid: ${problems[0]?.message}`);
  const start = body.start_at ? new Date(body.start_at) : new Date();
  const horizon = start.getTime() + (body.horizon_days ?? DEFAULT_HORIZON_DAYS) * 86_400_000;

  const contacts = body.contact_id
    ? await db
        .selectFrom('contacts')
        .select(['id', 'email', 'status'])
        .where('org_id', '=', workflow.org_id)
        .where('id', '=', body.contact_id)
        .execute()
    : await db
        .selectFrom('contacts')
        .select(['id', 'email', 'status'])
        .where('org_id', '=', workflow.org_id)
        .where('status', '=', 'Subscribed')
        // A stable sample: the same contacts for the same workflow every time.
        .orderBy(sql`md5(id::text || ${String(workflow.id)})`)
        .limit(body.sample_size ?? 1)
        .execute();
  if (body.contact_id && contacts.length === 0) throw notFound('Contact not found.');

  const emailNames = new Map(
    (
      await db.selectFrom('emails').select(['id', 'name']).where('org_id', '=', workflow.org_id).execute()
    ).map((row) => [row.id, row.name]),
  );
  const listWorkflows = new Map<number, number[]>();
  const wouldEnrol = async (listId: number, chain: readonly number[]) => {
    let ids = listWorkflows.get(listId);
    if (!ids) {
      ids = (
        await db
          .selectFrom('workflow')
          .select('id')
          .where('org_id', '=', workflow.org_id)
          .where('status', '=', 'active')
          .where('trigger_id', '=', TRIGGER_IDS.listSubscription)
          .where('list_id', '=', listId)
          .execute()
      ).map((row) => row.id);
      listWorkflows.set(listId, ids);
    }
    return ids.filter((id) => chainAllows(chain, id));
  };

  const results: SimulatedContact[] = [];
  for (const contact of contacts) {
    const events = body.events
      ? body.events.map((e: SimulatedEvent) => ({
          kind: e.kind,
          emailId: e.email_id,
          link: e.link ?? null,
          at: start.getTime() + (e.after_minutes ?? 0) * 60_000,
        }))
      : (
          await db
            .selectFrom('email_event')
            .select(['kind', 'email_id', 'link', 'occurred_at'])
            .where('contact_id', '=', contact.id)
            .where('kind', 'in', ['opened', 'clicked', 'sent', 'delivered'])
            .orderBy('occurred_at', 'desc')
            .limit(5000)
            .execute()
        ).map((e) => ({
          kind: e.kind as EventKind,
          emailId: e.email_id ?? 0,
          link: e.link,
          at: new Date(e.occurred_at).getTime(),
        }));
    const lists = new Set(
      (
        await db.selectFrom('list_contacts').select('list_id').where('contact_id', '=', contact.id).execute()
      ).map((row) => row.list_id),
    );
    let now = start.getTime();
    const steps: SimulatedStep[] = [];
    const emails: SimulatedEmail[] = [];
    const suppressed = contact.status !== 'Subscribed';
    const ports: StepPorts = {
      clock: { now: () => new Date(now) },
      events: recordedEventSource(events),
      mail: {
        send: async (input) => {
          emails.push({
            node_id: input.nodeId,
            email_id: input.emailId,
            email_name: emailNames.get(input.emailId) ?? null,
            at: new Date(now).toISOString(),
            suppressed,
          });
          return { sendId: null, created: true };
        },
      },
      lists: {
        isMember: async (listId) => lists.has(listId),
        add: async ({ listId, chain }) => {
          const added = !lists.has(listId);
          lists.add(listId);
          return { added, enrolledIn: added ? await wouldEnrol(listId, chain) : [] };
        },
      },
    };
    const state: EnrolmentState = {
      id: 0,
      orgId: workflow.org_id,
      workflowId: workflow.id,
      contactId: contact.id,
      currentNode: '0',
      status: 'running',
      enrolledAt: new Date(start),
      chain: [],
    };
    let finalStatus: SimulatedContact['final_status'] = 'completed';
    let finalNode = '0';
    if (!flow['0']) finalStatus = 'completed';
    else {
      for (let job = 0; job < MAX_JOBS_PER_CONTACT; job += 1) {
        const advance = await advanceEnrolment(flow, state, ports);
        for (const item of advance.history) {
          const node = flow[item.nodeId];
          steps.push({
            node_id: item.nodeId,
            node_title: node ? nodeTitleOf(node) : item.nodeId,
            outcome: item.outcome,
            at: item.at.toISOString(),
            detail: item.detail,
          });
        }
        finalNode = advance.node;
        finalStatus = advance.status;
        if (advance.status === 'completed' || advance.status === 'exited') break;
        state.currentNode = advance.node;
        state.status = advance.status;
        const due = advance.dueAt?.getTime() ?? now;
        if (due > horizon) break;
        now = Math.max(now, due);
      }
    }
    results.push({
      contact_id: contact.id,
      contact_email: contact.email,
      steps,
      emails,
      final_status: finalStatus,
      final_node: finalNode,
    });
  }
  return { workflow_id: workflow.id, start_at: start.toISOString(), contacts: results };
}
