import type { WorkflowFilter } from '../../../../../domain/workflowTypes.ts';

const FILTERS: readonly { value: WorkflowFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** The list filter (all, active, inactive) as a group of toggle buttons. */
export function WorkflowFilterSwitch({
  value,
  onChange,
}: {
  value: WorkflowFilter;
  onChange: (filter: WorkflowFilter) => void;
}) {
  return (
    <fieldset className="automation-filter">
      <legend className="ui-visually-hidden">Show workflows</legend>
      {FILTERS.map((filter) => (
        <button
          key={filter.value}
          type="button"
          className="automation-filter__option"
          aria-pressed={value === filter.value}
          onClick={() => onChange(filter.value)}
        >
          {filter.label}
        </button>
      ))}
    </fieldset>
  );
}
