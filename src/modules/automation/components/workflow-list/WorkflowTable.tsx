import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatDate } from '../../../../../domain/formatDate.ts';
import type { WorkflowSummary } from '../../../../../domain/workflowTypes.ts';
import type { WorkflowStatusResult } from '../../../../../machines/workflowStatusMachine.ts';
import { Badge } from '../../../../ui/Badge.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Checkbox } from '../../../../ui/Checkbox.tsx';
import { Table, type TableColumn } from '../../../../ui/Table.tsx';
import { UserText } from '../../../../ui/UserText.tsx';
import { WORKFLOW_STATUS_BADGE } from '../../../shared/utils/workflowStatusBadge.ts';
import { triggerSubjectLabel } from '../../utils/triggerSubjectLabel.ts';
import { WorkflowStatusControl } from './WorkflowStatusControl.tsx';

type Props = {
  rows: WorkflowSummary[];
  loading: boolean;
  empty: ReactNode;
  error: ReactNode;
  isSelected: (id: number) => boolean;
  onToggle: (id: number) => void;
  onClone: (workflow: WorkflowSummary) => void;
  onStatusChanged: (result: WorkflowStatusResult) => void;
};

/** The workflows of one page: selection, name (opens the workflow), trigger, status, steps and actions. */
export function WorkflowTable({
  rows,
  loading,
  empty,
  error,
  isSelected,
  onToggle,
  onClone,
  onStatusChanged,
}: Props) {
  const columns: TableColumn<WorkflowSummary>[] = [
    {
      id: 'select',
      header: 'Select',
      width: '56px',
      cell: (row) => (
        <Checkbox
          hideLabel
          label={`Select ${row.name}`}
          checked={isSelected(row.id)}
          onChange={() => onToggle(row.id)}
        />
      ),
    },
    {
      id: 'name',
      header: 'Workflow',
      cell: (row) => (
        <div className="automation-name-cell">
          <Link
            to="/automation/details"
            search={{ workflow_id: String(row.id) }}
            className="automation-name-cell__link"
          >
            <UserText>{row.name}</UserText>
          </Link>
          <span className="automation-muted">Updated {formatDate(row.updated_on)}</span>
        </div>
      ),
    },
    {
      id: 'trigger',
      header: 'Trigger',
      cell: (row) => (
        <div className="automation-name-cell">
          <UserText>{row.trigger_name}</UserText>
          {triggerSubjectLabel(row) ? (
            <span className="automation-muted">{triggerSubjectLabel(row)}</span>
          ) : null}
        </div>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      width: '110px',
      cell: (row) => (
        <Badge tone={WORKFLOW_STATUS_BADGE[row.status].tone}>{WORKFLOW_STATUS_BADGE[row.status].label}</Badge>
      ),
    },
    {
      id: 'steps',
      header: 'Steps',
      align: 'end',
      width: '80px',
      cell: (row) => row.node_count,
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'end',
      width: '200px',
      cell: (row) => (
        <div className="automation-row-actions">
          <WorkflowStatusControl key={`${row.id}`} workflow={row} onChanged={onStatusChanged} />
          <Button size="sm" variant="ghost" onClick={() => onClone(row)} aria-label={`Clone ${row.name}`}>
            Clone
          </Button>
        </div>
      ),
    },
  ];
  return (
    <Table
      caption="Your workflows"
      captionHidden
      columns={columns}
      rows={rows}
      rowKey={(row) => String(row.id)}
      loading={loading}
      empty={empty}
      error={error}
    />
  );
}
