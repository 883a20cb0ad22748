import { Select } from '../../../../ui/Select.tsx';
import type { TableSort } from '../../../../ui/Table.tsx';

/** Every sortable column of spec 02 with its label (the table's headers sort the ones it shows). */
const COLUMNS = [
  ['full_name', 'Name'],
  ['company_name', 'Company'],
  ['personality_name', 'Personality'],
  ['status', 'Status'],
  ['buyer_stage', 'Buyer stage'],
  ['created_on', 'Created on'],
  ['industry', 'Industry'],
  ['revenue', 'Revenue'],
] as const;

/** The sort as one choice ("Name, A to Z"), for phones (no column headers) and for the hidden columns. */
export function PeopleSortSelect({
  sort,
  onChange,
}: {
  sort: TableSort;
  onChange: (sort: TableSort) => void;
}) {
  const value =
    sort.direction === 'NOSORT'
      ? 'none'
      : `${sort.columnId === 'contact_name' ? 'full_name' : sort.columnId}.${sort.direction}`;
  return (
    <Select
      className="people-toolbar__sort"
      label="Sort by"
      value={value}
      onChange={(event) => {
        const [columnId, direction] = event.target.value.split('.') as [string, 'ASC' | 'DESC' | undefined];
        onChange(direction ? { columnId, direction } : { columnId: 'full_name', direction: 'NOSORT' });
      }}
      options={[
        { value: 'none', label: 'Newest first' },
        ...COLUMNS.flatMap(([id, label]) => [
          { value: `${id}.ASC`, label: `${label}, ascending` },
          { value: `${id}.DESC`, label: `${label}, descending` },
        ]),
      ]}
    />
  );
}
