import { type Kysely, sql } from 'kysely';
import type { WorkflowContactsQuery } from '../../../domain/workflowRuntimeSchemas.ts';
import type {
  EnrolledContact,
  NodeCount,
  StepHistoryEntry,
  StepOutcome,
  WorkflowContactsPage,
  WorkflowNodeCounts,
} from '../../../domain/workflowRuntimeTypes.ts';
import type { Database } from '../../db/schema.ts';
import { listingPage } from '../../lib/listingPage.ts';

/** History outcomes that mean the contact went through the node. */
export const PASSED_OUTCOMES: readonly StepOutcome[] = [
  'sent',
  'added',
  'already member',
  'waited',
  'yes',
  'no',
  'ended',
];

const iso = (value: Date | string | null) =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * Per node of a workflow: passed (distinct contacts with a passing step there), waiting (live enrolments
 * whose current node it is: running, waiting or held), left (ended enrolments that stopped there:
 * completed, exited or failed).
 */
export async function workflowNodeCounts(
  db: Kysely<Database>,
  workflowId: number,
): Promise<WorkflowNodeCounts> {
  const [passed, statuses] = await Promise.all([
    db
      .selectFrom('workflow_step_history')
      .select(['node_id', sql<number>`count(distinct contact_id)::int`.as('n')])
      .where('workflow_id', '=', workflowId)
      .where('outcome', 'in', [...PASSED_OUTCOMES])
      .groupBy('node_id')
      .execute(),
    db
      .selectFrom('workflow_enrolment')
      .select(['current_node', 'status', sql<number>`count(*)::int`.as('n')])
      .where('workflow_id', '=', workflowId)
      .groupBy(['current_node', 'status'])
      .execute(),
  ]);
  const nodes = new Map<string, NodeCount>();
  const node = (id: string) => {
    let entry = nodes.get(id);
    if (!entry) {
      entry = { node_id: id, passed: 0, waiting: 0, left: 0 };
      nodes.set(id, entry);
    }
    return entry;
  };
  for (const row of passed) node(row.node_id).passed = Number(row.n);
  const totals = { enrolled: 0, live: 0, completed: 0, exited: 0, failed: 0 };
  for (const row of statuses) {
    const n = Number(row.n);
    totals.enrolled += n;
    if (row.status === 'running' || row.status === 'waiting' || row.status === 'held') {
      node(row.current_node).waiting += n;
      totals.live += n;
    } else {
      node(row.current_node).left += n;
      totals[row.status] += n;
    }
  }
  return {
    workflow_id: workflowId,
    nodes: [...nodes.values()].sort((a, b) => a.node_id.localeCompare(b.node_id, 'en', { numeric: true })),
    totals,
  };
}

/** A page of a workflow's enrolments (newest first) with each one's contact and history. */
export async function workflowContacts(
  db: Kysely<Database>,
  query: WorkflowContactsQuery,
): Promise<WorkflowContactsPage> {
  let base = db.selectFrom('workflow_enrolment as e').where('e.workflow_id', '=', query.workflow_id);
  if (query.status) base = base.where('e.status', '=', query.status);
  if (query.node_id) base = base.where('e.current_node', '=', query.node_id);
  const found = await listingPage(
    db,
    base
      .innerJoin('contacts as c', 'c.id', 'e.contact_id')
      .select([
        'e.id',
        'e.contact_id',
        'c.first_name',
        'c.last_name',
        'c.email',
        'e.status',
        'e.current_node',
        'e.next_due_at',
        'e.trigger_id',
        'e.enrolled_at',
        'e.finished_at',
      ])
      .orderBy('e.id', 'desc'),
    { offset: query.offset, limit: query.limit },
  );
  const rows = found.rows;
  const history = rows.length
    ? await db
        .selectFrom('workflow_step_history')
        .select(['enrolment_id', 'node_id', 'outcome', 'at', 'detail'])
        .where(
          'enrolment_id',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('id')
        .execute()
    : [];
  const byEnrolment = new Map<number, StepHistoryEntry[]>();
  for (const item of history) {
    const list = byEnrolment.get(item.enrolment_id) ?? [];
    list.push({
      node_id: item.node_id,
      outcome: item.outcome as StepOutcome,
      at: iso(item.at) ?? '',
      detail: item.detail,
    });
    byEnrolment.set(item.enrolment_id, list);
  }
  const contacts: EnrolledContact[] = rows.map((row) => ({
    enrolment_id: row.id,
    contact_id: row.contact_id,
    contact_name: `${row.first_name} ${row.last_name}`.trim(),
    contact_email: row.email,
    status: row.status,
    current_node: row.current_node,
    next_due_at: iso(row.next_due_at),
    trigger_id: row.trigger_id,
    enrolled_at: iso(row.enrolled_at) ?? '',
    finished_at: iso(row.finished_at),
    history: byEnrolment.get(row.id) ?? [],
  }));
  return { workflow_id: query.workflow_id, total_count: found.total, contacts };
}
