import { countOf } from '../../../../../domain/countOf.ts';
import { formatThousands } from '../../../../../domain/formatThousands.ts';
import type { WorkflowFilter } from '../../../../../domain/workflowTypes.ts';
import { Button } from '../../../../ui/Button.tsx';
import { Checkbox } from '../../../../ui/Checkbox.tsx';
import { TextField } from '../../../../ui/TextField.tsx';
import {
  NO_SELECTION,
  type RowSelection,
  selectAllState,
  selectedCount,
  toggleSelectAll,
} from '../../../shared/utils/rowSelection.ts';
import { WorkflowFilterSwitch } from './WorkflowFilterSwitch.tsx';

type Props = {
  searchText: string;
  onSearchText: (text: string) => void;
  /** A refused load (success false): the server's message, shown on the search field. */
  searchError: string | undefined;
  filter: WorkflowFilter;
  onFilter: (filter: WorkflowFilter) => void;
  selection: RowSelection;
  /** Workflows matching the search and filter (what select-all covers). */
  total: number;
  onSelection: (selection: RowSelection) => void;
  onDelete: () => void;
};

/** Search, filter, select-all and the delete action above the workflow table. */
export function WorkflowListToolbar({
  searchText,
  onSearchText,
  searchError,
  filter,
  onFilter,
  selection,
  total,
  onSelection,
  onDelete,
}: Props) {
  const count = selectedCount(selection, total);
  const all = selectAllState(selection, total);
  return (
    <div className="automation-toolbar">
      <div className="automation-toolbar__row">
        <TextField
          label="Search workflows"
          type="search"
          placeholder="Workflow name"
          value={searchText}
          error={searchError}
          onChange={(event) => onSearchText(event.target.value)}
          className="automation-toolbar__search"
        />
        <WorkflowFilterSwitch value={filter} onChange={onFilter} />
      </div>
      {total > 0 ? (
        <div className="automation-toolbar__row automation-toolbar__row--selection">
          <Checkbox
            label={`Select all ${countOf(total, 'workflow', 'workflows')}`}
            checked={all === 'all'}
            indeterminate={all === 'some'}
            onChange={() => onSelection(toggleSelectAll(selection, total))}
          />
          {count > 0 ? (
            <div className="automation-toolbar__selected" aria-live="polite">
              <span>{formatThousands(count)} selected</span>
              <Button size="sm" variant="ghost" onClick={() => onSelection(NO_SELECTION)}>
                Clear
              </Button>
              <Button size="sm" variant="danger" onClick={onDelete}>
                Delete
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
