import { formatDate } from '../../../../domain/formatDate.ts';
import { PLAN_FLAGS, type PlanChange } from '../../../../domain/planSettings.ts';
import { Card } from '../../../ui/Card.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { Table, type TableColumn } from '../../../ui/Table.tsx';

export const fieldLabel = (field: PlanChange['field']) =>
  field === 'plan_type' ? 'Plan type' : (PLAN_FLAGS.find((flag) => flag.key === field)?.label ?? field);

const columns: TableColumn<PlanChange>[] = [
  { id: 'when', header: 'When', width: '170px', cell: (row) => formatDate(row.changed_at, 'dateTime') },
  { id: 'user', header: 'User', cell: (row) => <span className="senders__email">{row.user_email}</span> },
  {
    id: 'change',
    header: 'Change',
    cell: (row) => (
      <span>
        {fieldLabel(row.field)}: {row.old_value} → <strong>{row.new_value}</strong>
      </span>
    ),
  },
  { id: 'by', header: 'Changed by', cell: (row) => row.changed_by },
];

/** The audit log of the organisation's plan changes (every change an internal user made), newest first. */
export function PlanChangesTable({ changes, own }: { changes: PlanChange[]; own: boolean }) {
  return (
    <Card
      title="Change history"
      description={`Every change to ${own ? "your organisation's" : "this user's organisation's"} plans and features, with who made it.`}
      flush
    >
      <Table
        caption="Plan change history"
        captionHidden
        columns={columns}
        rows={changes}
        rowKey={(row) => String(row.id)}
        empty={
          <StatePanel compact kind="empty" title="No changes yet">
            {own
              ? 'Changes our team makes to your plan or features are listed here.'
              : 'Nobody has changed the plans of this organisation yet.'}
          </StatePanel>
        }
      />
    </Card>
  );
}
