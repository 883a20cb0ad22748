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

/**
 * The sort as one choice ("Name, ascending"), for phones (no column headers) and for the hidden columns;
 * its values are the address's sorts (domain/peopleListSearch.ts).
 */
export function PeopleSortSelect({ sort, onChange }: { sort: string; onChange: (sort: string) => void }) {
  return (
    <label className="people-toolbar__sort">
      Sort by
      <select className="people-select" value={sort} onChange={(event) => onChange(event.target.value)}>
        <option value="none">Newest first</option>
        {COLUMNS.flatMap(([id, label]) => [
          <option key={`${id}.ASC`} value={`${id}.ASC`}>
            {label}, ascending
          </option>,
          <option key={`${id}.DESC`} value={`${id}.DESC`}>
            {label}, descending
          </option>,
        ])}
      </select>
    </label>
  );
}
