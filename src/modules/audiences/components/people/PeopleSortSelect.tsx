import { Select } from '../../../../ui/Select.tsx';

/** Every sortable column with its label (the table's headers sort the ones it shows). */
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

/**
 * The sort as one choice ("Name, ascending"), for phones (no column headers) and for the hidden columns;
 * its values are the address's sorts (domain/peopleListSearch.ts).
 */
export function PeopleSortSelect({ sort, onChange }: { sort: string; onChange: (sort: string) => void }) {
  return (
    <Select
      className="people-toolbar__sort"
      label="Sort by"
      value={sort}
      onChange={(event) => onChange(event.target.value)}
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
