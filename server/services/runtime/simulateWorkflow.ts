import { type Kysely, sql } from 'kysely';
import { validateFlowStructure } from '../../../domain/workflowGraphRules.ts';
import type { SimulateBody } from '../../../domain/workflowRuntimeSchemas.ts';
import type { SimulatedEvent } from '../../../domain/workflowRuntimeTypes.ts';
import { TRIGGER_IDS, type WorkflowFlow } from '../../../domain/workflowTypes.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/AppError.ts';
import type { RecordedEvent } from './recordedEventSource.ts';
import type { SimulationInput } from './runSimulation.ts';
import type { EventKind } from './runtimePorts.ts';

const DEFAULT_HORIZON_DAYS = 60;
/** A contact's most recent real events that conditions may read. */
const EVENTS_PER_CONTACT = 5000;

type SimulatedWorkflow = { id: number; org_id: number; trigger_id: number; flow: WorkflowFlow };

/**
 * Gathers what a simulation of a (draft) flow reads, in a few queries: the contacts (one, or a stable sample
 * of subscribed ones), their lists and recent events (or the request's events, placed relative to the
 * start), the organisation's email names and its active "subscribes to a list" workflows. runSimulation
 * then runs it off the event loop (SimulationRunner). It only reads the database.
 */
export async function simulationInput(
  db: Kysely<Database>,
  workflow: SimulatedWorkflow,
  body: SimulateBody,
): Promise<SimulationInput> {
  const flow = body.flow ?? workflow.flow;
  const problems = validateFlowStructure(flow);
  if (problems.length > 0) throw badRequest(`The workflow is not valid: ${problems[0]?.message}`);
  const start = body.start_at ? new Date(body.start_at).getTime() : Date.now();
  const horizon = start + (body.horizon_days ?? DEFAULT_HORIZON_DAYS) * 86_400_000;

  const base = db
    .selectFrom('contacts')
    .select(['id', 'email', 'status'])
    .where('org_id', '=', workflow.org_id);
  const contacts = body.contact_id
    ? await base.where('id', '=', body.contact_id).execute()
    : await base
        .where('status', '=', 'Subscribed')
        // A stable sample: the same contacts for the same workflow every time.
        .orderBy(sql`md5(id::text || ${String(workflow.id)})`)
        .limit(body.sample_size ?? 1)
        .execute();
  if (body.contact_id && contacts.length === 0) throw notFound('Contact not found.');
  const ids = contacts.map((contact) => contact.id);

  const [emails, listRows, memberships, realEvents] = await Promise.all([
    db.selectFrom('emails').select(['id', 'name']).where('org_id', '=', workflow.org_id).execute(),
    db
      .selectFrom('workflow')
      .select(['id', 'list_id'])
      .where('org_id', '=', workflow.org_id)
      .where('status', '=', 'active')
      .where('trigger_id', '=', TRIGGER_IDS.listSubscription)
      .where('list_id', 'is not', null)
      .execute(),
    ids.length === 0
      ? []
      : db
          .selectFrom('list_contacts')
          .select(['contact_id', 'list_id'])
          .where('contact_id', 'in', ids)
          .execute(),
    body.events || ids.length === 0
      ? []
      : db
          .selectFrom(
            db
              .selectFrom('email_event')
              .select(['contact_id', 'kind', 'email_id', 'link', 'occurred_at'])
              .select(
                sql<number>`row_number() over (partition by contact_id order by occurred_at desc)`.as('n'),
              )
              .where('contact_id', 'in', ids)
              .where('kind', 'in', ['opened', 'clicked', 'sent', 'delivered'])
              .as('recent'),
          )
          .selectAll()
          .where('n', '<=', EVENTS_PER_CONTACT)
          .execute(),
  ]);

  const given: RecordedEvent[] | null = body.events
    ? body.events.map((e: SimulatedEvent) => ({
        kind: e.kind,
        emailId: e.email_id,
        link: e.link ?? null,
        at: start + (e.after_minutes ?? 0) * 60_000,
      }))
    : null;
  const eventsOf = new Map<number, RecordedEvent[]>();
  for (const e of realEvents) {
    if (e.contact_id === null) continue;
    const list = eventsOf.get(e.contact_id) ?? [];
    list.push({
      kind: e.kind as EventKind,
      emailId: e.email_id ?? 0,
      link: e.link,
      at: new Date(e.occurred_at).getTime(),
    });
    eventsOf.set(e.contact_id, list);
  }
  const listsOf = new Map<number, number[]>();
  for (const row of memberships)
    listsOf.set(row.contact_id, [...(listsOf.get(row.contact_id) ?? []), row.list_id]);
  const listWorkflows = new Map<number, number[]>();
  for (const row of listRows) {
    if (row.list_id === null) continue;
    listWorkflows.set(row.list_id, [...(listWorkflows.get(row.list_id) ?? []), row.id]);
  }

  return {
    workflow: { id: workflow.id, orgId: workflow.org_id },
    flow,
    start,
    horizon,
    contacts: contacts.map((contact) => ({
      id: contact.id,
      email: contact.email,
      status: contact.status,
      lists: listsOf.get(contact.id) ?? [],
      events: given ?? eventsOf.get(contact.id) ?? [],
    })),
    emailNames: emails.map((row) => [row.id, row.name]),
    listWorkflows: [...listWorkflows],
  };
}
