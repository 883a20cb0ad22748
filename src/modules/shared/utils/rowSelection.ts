/**
 * Which rows of a list are selected: some ids, or "every row that matches the search and filters" minus
 * excluded ids (select-all with exclusions, as delete_workflow's select_all and excluded ids). Pure and
 * React-free; a list keeps one in its state and clears it when its search or filters change.
 */
export type RowSelection<Id extends number | string = number> =
  | { mode: 'ids'; ids: readonly Id[] }
  | { mode: 'all'; excluded: readonly Id[] };

/** Nothing selected (a list of string ids starts from `{ mode: 'ids', ids: [] }`). */
export const NO_SELECTION: RowSelection = { mode: 'ids', ids: [] };

export function isSelected<Id extends number | string>(selection: RowSelection<Id>, id: Id): boolean {
  return selection.mode === 'all' ? !selection.excluded.includes(id) : selection.ids.includes(id);
}

/** Checks or unchecks one row; in select-all mode an unchecked row becomes an exclusion. */
export function toggleSelected<Id extends number | string>(
  selection: RowSelection<Id>,
  id: Id,
): RowSelection<Id> {
  if (selection.mode === 'all') {
    const excluded = selection.excluded.includes(id)
      ? selection.excluded.filter((x) => x !== id)
      : [...selection.excluded, id];
    return { mode: 'all', excluded };
  }
  const ids = selection.ids.includes(id) ? selection.ids.filter((x) => x !== id) : [...selection.ids, id];
  return { mode: 'ids', ids };
}

/** How many rows the selection covers, given how many match the search and filters. */
export function selectedCount(selection: RowSelection<number | string>, total: number): number {
  return selection.mode === 'all' ? Math.max(0, total - selection.excluded.length) : selection.ids.length;
}

/** The header checkbox: all (every match selected), some (indeterminate) or none. */
export function selectAllState(
  selection: RowSelection<number | string>,
  total: number,
): 'all' | 'some' | 'none' {
  const count = selectedCount(selection, total);
  if (count === 0) return 'none';
  return selection.mode === 'all' && count === total ? 'all' : 'some';
}

/** The header checkbox toggled: selects every match when not all are selected, otherwise clears. */
export function toggleSelectAll<Id extends number | string>(
  selection: RowSelection<Id>,
  total: number,
): RowSelection<Id> {
  return selectAllState(selection, total) === 'all'
    ? { mode: 'ids', ids: [] }
    : { mode: 'all', excluded: [] };
}
