import { sql, type Transaction } from 'kysely';
import { triggerName } from '../../../domain/workflowCatalogue.ts';
import type {
  TriggerId,
  WorkflowFilter,
  WorkflowFlow,
  WorkflowStatus,
  WorkflowSummary,
  WorkflowTriggerTargets,
} from '../../../domain/workflowTypes.ts';
import type { Db } from '../../db/Db.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../lib/AppError.ts';
import { likePattern } from '../../lib/likePattern.ts';

export const WORKFLOW_NOT_FOUND = 'Workflow not found.';

/** A workflow row with the names the answers show. */
export type WorkflowRow = {
  id: number;
  org_id: number;
  user_id: number;
  name: string;
  status: WorkflowStatus;
  trigger_id: number;
  node_count: number;
  created_at: Date;
  updated_at: Date;
} & WorkflowTriggerTargets;

export type WorkflowFullRow = WorkflowRow & {
  flow: WorkflowFlow;
  newly_added_nodes: string[];
  recently_published_at: Date | null;
  trigger_email_sent: boolean;
  version: number;
  email_type: number | null;
  campaign_id: number | null;
  design_ready: boolean | null;
};

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function toSummary(row: WorkflowRow): WorkflowSummary {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    trigger_id: row.trigger_id as TriggerId,
    trigger_name: triggerName(row.trigger_id),
    email_id: row.email_id,
    email_name: row.email_name,
    list_id: row.list_id,
    list_name: row.list_name,
    sp_uuid: row.sp_uuid,
    sp_name: row.sp_name,
    node_count: row.node_count,
    created_on: iso(row.created_at),
    updated_on: iso(row.updated_at),
  };
}

function summaryQuery(db: Db) {
  return db
    .selectFrom('workflow as w')
    .leftJoin('emails as e', 'e.id', 'w.email_id')
    .leftJoin('contact_lists as l', 'l.id', 'w.list_id')
    .leftJoin('share_profile as sp', (join) =>
      join.onRef('sp.uuid', '=', 'w.sp_uuid').onRef('sp.org_id', '=', 'w.org_id'),
    )
    .select([
      'w.id',
      'w.org_id',
      'w.user_id',
      'w.name',
      'w.status',
      'w.trigger_id',
      'w.email_id',
      'e.name as email_name',
      'w.list_id',
      'l.name as list_name',
      'w.sp_uuid',
      'sp.name as sp_name',
      'w.node_count',
      'w.created_at',
      'w.updated_at',
    ]);
}

/** One workflow of the user with everything get_workflow_details/ shows; 404 when it is not theirs. */
export async function loadOwnWorkflow(db: Db, userId: number, workflowId: number): Promise<WorkflowFullRow> {
  const row = await summaryQuery(db)
    .select([
      'w.flow',
      'w.newly_added_nodes',
      'w.recently_published_at',
      'w.trigger_email_sent',
      'w.version',
      'e.email_type',
      'e.campaign_id',
      'e.design_ready',
    ])
    .where('w.id', '=', workflowId)
    .where('w.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound(WORKFLOW_NOT_FOUND);
  return row as WorkflowFullRow;
}

export async function loadOwnSummary(db: Db, userId: number, workflowId: number): Promise<WorkflowSummary> {
  const row = await summaryQuery(db)
    .where('w.id', '=', workflowId)
    .where('w.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound(WORKFLOW_NOT_FOUND);
  return toSummary(row as WorkflowRow);
}

/** Locks the user's workflow row for the rest of the transaction; 404 when it is not theirs. */
export async function lockOwnWorkflow(trx: Transaction<Database>, userId: number, workflowId: number) {
  const row = await trx
    .selectFrom('workflow')
    .selectAll()
    .where('id', '=', workflowId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound(WORKFLOW_NOT_FOUND);
  return row;
}

export type ListScope = { userId: number; search: string; filter: WorkflowFilter };

/** The name-search pattern over the stored lower(name) column (see migration m0006). */
export function namePattern(term: string): string {
  return likePattern(term.toLowerCase());
}

/** The list's where clause over "workflow as w", beyond the user: the status filter, the name search. */
function scopeWhere(scope: ListScope) {
  const parts = [sql`true`];
  if (scope.filter !== 'all') parts.push(sql`w.status = ${scope.filter}`);
  if (scope.search) parts.push(sql`w.name_lower like ${namePattern(scope.search)}`);
  return sql<boolean>`${sql.join(parts, sql` and `)}`;
}

/**
 * total_count (under the search and filter) and total_active_count (all the user's active workflows),
 * from one index-only scan of the user's rows (index (user_id, status, name_lower)).
 */
export async function countWorkflows(
  db: Db,
  scope: ListScope,
): Promise<{ total_count: number; total_active_count: number }> {
  const row = await db
    .selectFrom('workflow as w')
    .select([
      sql<string | number>`count(*) filter (where ${scopeWhere(scope)})`.as('total'),
      sql<string | number>`count(*) filter (where w.status = 'active')`.as('active'),
    ])
    .where('w.user_id', '=', scope.userId)
    .executeTakeFirstOrThrow();
  return { total_count: Number(row.total), total_active_count: Number(row.active) };
}

/** A page of the user's workflows, newest first, under the search and filter. */
export async function listWorkflows(
  db: Db,
  scope: ListScope,
  page: { offset: number; limit: number },
): Promise<WorkflowSummary[]> {
  const rows = await summaryQuery(db)
    .where('w.user_id', '=', scope.userId)
    .where(scopeWhere(scope))
    .orderBy('w.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.map((row) => toSummary(row as WorkflowRow));
}

/** The counts, then the page only when it can hold rows (a search with no match costs one scan). */
export async function listWorkflowPage(
  db: Db,
  scope: ListScope,
  page: { offset: number; limit: number },
): Promise<{ data: WorkflowSummary[]; total_count: number; total_active_count: number }> {
  const counts = await countWorkflows(db, scope);
  const data = counts.total_count > page.offset ? await listWorkflows(db, scope, page) : [];
  return { data, ...counts };
}

export async function countActive(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('workflow')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The emails linked to a workflow's graph, in id order. */
export async function workflowEmailIds(db: Db, workflowId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('workflow_email')
    .select('email_id')
    .where('workflow_id', '=', workflowId)
    .orderBy('email_id')
    .execute();
  return rows.map((row) => row.email_id);
}
