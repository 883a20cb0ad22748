import type { WorkflowAnswers, WorkflowFilter, WorkflowSummary } from '../../../../domain/workflowTypes.ts';

/** What the list shows: the rows of the page and the counts (spec 01 section 4). Pure and React-free. */
export type WorkflowListView = {
  rows: WorkflowSummary[];
  /** Workflows matching the search and filter. */
  total: number;
  /** The user's active workflows. */
  active: number;
};

export function viewFromPage(page: WorkflowAnswers['get_user_workflows']): WorkflowListView {
  return { rows: page.data, total: page.total_count, active: page.total_active_count };
}

function matchesFilter(workflow: WorkflowSummary, filter: WorkflowFilter): boolean {
  return filter === 'all' || workflow.status === filter;
}

/** A clone is inserted first and the total rises (when it matches the filter it is shown). */
export function insertClone(
  view: WorkflowListView,
  clone: WorkflowSummary,
  filter: WorkflowFilter,
): WorkflowListView {
  const active = view.active + (clone.status === 'active' ? 1 : 0);
  if (!matchesFilter(clone, filter)) return { ...view, active };
  return { rows: [clone, ...view.rows.filter((row) => row.id !== clone.id)], total: view.total + 1, active };
}

/**
 * A workflow's status changed (pause, resume, publish): its row is updated, or leaves the view when it no
 * longer matches the filter; the active count follows the server's figure, or the change itself.
 */
export function applyStatusChange(
  view: WorkflowListView,
  workflow: WorkflowSummary,
  filter: WorkflowFilter,
  totalActiveCount: number | null,
): WorkflowListView {
  const before = view.rows.find((row) => row.id === workflow.id);
  const delta =
    before && before.status !== workflow.status
      ? (workflow.status === 'active' ? 1 : 0) - (before.status === 'active' ? 1 : 0)
      : 0;
  const active = totalActiveCount ?? Math.max(0, view.active + delta);
  if (!before) return { ...view, active };
  if (!matchesFilter(workflow, filter)) {
    return {
      rows: view.rows.filter((row) => row.id !== workflow.id),
      total: Math.max(0, view.total - 1),
      active,
    };
  }
  return {
    rows: view.rows.map((row) => (row.id === workflow.id ? { ...row, ...workflow } : row)),
    total: view.total,
    active,
  };
}
