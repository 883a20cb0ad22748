import type { Draft } from 'immer';
import type { WorkflowFilter, WorkflowSummary } from '../../../../domain/workflowTypes.ts';
import { addFirst, type PagedRows, removeRow } from '../../shared/utils/pagedRows.ts';

/**
 * What the workflow list does with a change the server confirmed, as immer recipes on
 * the rows shown, and the active count beside them. Pure and React-free.
 */
export type WorkflowRows = PagedRows<WorkflowSummary>;

const byId = (row: WorkflowSummary) => row.id;

function matchesFilter(workflow: WorkflowSummary, filter: WorkflowFilter): boolean {
  return filter === 'all' || workflow.status === filter;
}

/** A clone is inserted first and the total rises, when it matches the filter (otherwise it is not shown). */
export function insertClone(
  shown: Draft<WorkflowRows>,
  clone: WorkflowSummary,
  filter: WorkflowFilter,
): void {
  if (matchesFilter(clone, filter)) addFirst(shown, clone, byId);
}

/** The active count after a clone. */
export function activeAfterClone(active: number, clone: WorkflowSummary): number {
  return active + (clone.status === 'active' ? 1 : 0);
}

/**
 * A workflow's status changed (pause, resume, publish): its row is updated, or leaves the list when it no
 * longer matches the filter.
 */
export function applyStatusChange(
  shown: Draft<WorkflowRows>,
  workflow: WorkflowSummary,
  filter: WorkflowFilter,
): void {
  const at = shown.rows.findIndex((row) => row.id === workflow.id);
  if (at < 0) return;
  if (!matchesFilter(workflow, filter)) removeRow(shown, workflow.id, byId);
  else Object.assign(shown.rows[at] as WorkflowSummary, workflow);
}

/** The active count after a status change: the server's figure, or the change itself. */
export function activeAfterStatusChange(
  active: number,
  before: WorkflowSummary | undefined,
  workflow: WorkflowSummary,
  totalActiveCount: number | null,
): number {
  if (totalActiveCount !== null) return totalActiveCount;
  if (!before || before.status === workflow.status) return active;
  const delta = (workflow.status === 'active' ? 1 : 0) - (before.status === 'active' ? 1 : 0);
  return Math.max(0, active + delta);
}
