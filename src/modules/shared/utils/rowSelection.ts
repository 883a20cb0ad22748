/**
 * Which workflows are selected for deletion: some ids, or "all that match the search and filter" minus
 * excluded ids (spec 01 section 4: delete in select-all mode with excluded ids). Pure and React-free.
 */
export type WorkflowSelection =
  | { mode: 'ids'; ids: readonly number[] }
  | { mode: 'all'; excluded: readonly number[] };

export const NO_SELECTION: WorkflowSelection = { mode: 'ids', ids: [] };

export function isSelected(selection: WorkflowSelection, id: number): boolean {
  return selection.mode === 'all' ? !selection.excluded.includes(id) : selection.ids.includes(id);
}

/** Checks or unchecks one row; in select-all mode an unchecked row becomes an exclusion. */
export function toggleSelected(selection: WorkflowSelection, id: number): WorkflowSelection {
  if (selection.mode === 'all') {
    const excluded = selection.excluded.includes(id)
      ? selection.excluded.filter((x) => x !== id)
      : [...selection.excluded, id];
    return { mode: 'all', excluded };
  }
  const ids = selection.ids.includes(id) ? selection.ids.filter((x) => x !== id) : [...selection.ids, id];
  return { mode: 'ids', ids };
}

/** How many workflows the selection covers, given how many match the search and filter. */
export function selectedCount(selection: WorkflowSelection, total: number): number {
  return selection.mode === 'all' ? Math.max(0, total - selection.excluded.length) : selection.ids.length;
}

/** The header checkbox: all (every match selected), some (indeterminate) or none. */
export function selectAllState(selection: WorkflowSelection, total: number): 'all' | 'some' | 'none' {
  const count = selectedCount(selection, total);
  if (count === 0) return 'none';
  return selection.mode === 'all' && count === total ? 'all' : 'some';
}

/** The header checkbox toggled: selects every match when not all are selected, otherwise clears. */
export function toggleSelectAll(selection: WorkflowSelection, total: number): WorkflowSelection {
  return selectAllState(selection, total) === 'all' ? NO_SELECTION : { mode: 'all', excluded: [] };
}
