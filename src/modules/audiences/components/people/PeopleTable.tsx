import type { ReactNode } from 'react';
import type { PersonRow } from '../../../../../domain/audiencePeople.ts';
import { Badge } from '../../../../ui/Badge.tsx';
import { Checkbox } from '../../../../ui/Checkbox.tsx';
import { Table, type TableColumn, type TableSort } from '../../../../ui/Table.tsx';
import { ContactStandingBadge } from '../ContactStandingBadge.tsx';
import { PersonalityBadge } from './PersonalityBadge.tsx';

type Props = {
  rows: PersonRow[];
  loading: boolean;
  error: ReactNode;
  empty: ReactNode;
  sort: TableSort;
  onSortChange: (sort: TableSort) => void;
  isSelected: (id: number) => boolean;
  onToggle: (id: number) => void;
  onOpen: (person: PersonRow) => void;
};

/** One tab's people: selection, name (opens the profile), company, personality, status, buyer stage. */
export function PeopleTable({
  rows,
  loading,
  error,
  empty,
  sort,
  onSortChange,
  isSelected,
  onToggle,
  onOpen,
}: Props) {
  const columns: TableColumn<PersonRow>[] = [
    {
      id: 'select',
      header: 'Select',
      width: '3rem',
      cell: (row) => (
        <Checkbox
          hideLabel
          label={`Select ${row.full_name}`}
          checked={isSelected(row.contact_id)}
          onChange={() => onToggle(row.contact_id)}
        />
      ),
    },
    {
      id: 'full_name',
      header: 'Name',
      sortable: true,
      width: '30%',
      cell: (row) => (
        <div className="people-name">
          <button type="button" className="people-name__open" onClick={() => onOpen(row)}>
            {row.full_name}
          </button>
          <span className="people-name__email">{row.contact_email}</span>
          {row.is_list_contact ? <Badge tone="info">In list</Badge> : null}
        </div>
      ),
    },
    {
      id: 'company_name',
      header: 'Company',
      sortable: true,
      cell: (row) => (
        <div className="people-company">
          {row.organization ?? '—'}
          {row.designation ? <span className="people-sub">{row.designation}</span> : null}
          {row.industry ? <span className="people-sub">{row.industry}</span> : null}
        </div>
      ),
    },
    {
      id: 'personality_name',
      header: 'Personality',
      sortable: true,
      cell: (row) => <PersonalityBadge type={row.personality_type} personality={row.personality} />,
    },
    {
      id: 'status',
      header: 'Status',
      sortable: true,
      cell: (row) => <ContactStandingBadge status={row.status} marketingConsent={row.marketing_consent} />,
    },
    { id: 'buyer_stage', header: 'Buyer stage', sortable: true, cell: (row) => row.buyer_stage },
  ];
  return (
    <Table
      caption="People"
      captionHidden
      className="people-table"
      columns={columns}
      rows={rows}
      rowKey={(row) => String(row.contact_id)}
      rowProps={(row) => ({
        testId: `person-${row.contact_id}`,
        className: isSelected(row.contact_id) ? 'is-selected' : undefined,
      })}
      loading={loading}
      error={error}
      empty={empty}
      sort={sort}
      onSortChange={onSortChange}
    />
  );
}
