import type { WorkflowFilter } from '../../../../../domain/workflowTypes.ts';
import { ToggleGroup } from '../../../../ui/ToggleGroup.tsx';

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
  return <ToggleGroup legend="Show workflows" options={FILTERS} value={value} onChange={onChange} />;
}
