import type { TableSort } from '../../ui/Table.tsx';

/** A report's sort in its address: "none" (the service's order) or "column.ASC" / "column.DESC". */
export type ListingSort<S extends string> = `${S}.${'ASC' | 'DESC'}` | 'none';

/** Every sort of a report with these columns, "none" first (the default, left out of the address). */
export function listingSorts<S extends string>(columns: readonly S[]): [ListingSort<S>, ...ListingSort<S>[]] {
  return ['none', ...columns.flatMap((c) => [`${c}.ASC` as const, `${c}.DESC` as const])];
}

/** The table's view of a sort (none: no column marked). */
export function tableSortOf(sort: string): TableSort | undefined {
  if (sort === 'none') return undefined;
  const [columnId = '', direction] = sort.split('.');
  return { columnId, direction: direction === 'DESC' ? 'DESC' : 'ASC' };
}

/** The sort a header click chose (its third click, back to none). */
export function listingSortOf<S extends string>(next: TableSort): ListingSort<S> {
  return next.direction === 'NOSORT' ? 'none' : (`${next.columnId}.${next.direction}` as ListingSort<S>);
}
