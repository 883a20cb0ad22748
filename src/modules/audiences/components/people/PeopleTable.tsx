import type { ReactNode } from 'react';
import type { PersonRow } from '../../../../../domain/audiencePeople.ts';
import { formatThousands } from '../../../../../domain/formatThousands.ts';
import { peopleSortKey, peopleSortOf } from '../../../../../domain/peopleListSearch.ts';
import { Badge } from '../../../../ui/Badge.tsx';
import { Checkbox } from '../../../../ui/Checkbox.tsx';
import { Table, type TableColumn } from '../../../../ui/Table.tsx';
import { UserText } from '../../../../ui/UserText.tsx';
import { AccountDashboardLink } from '../../../shared/components/AccountDashboardLink.tsx';
import { ContactDashboardLink } from '../../../shared/components/ContactDashboardLink.tsx';
import { ContactStandingBadge } from '../ContactStandingBadge.tsx';
import { PersonalityBadge } from './PersonalityBadge.tsx';

type Props = {
  rows: PersonRow[];
  loading: boolean;
  empty: ReactNode;
  /** The address's sort ("none", "full_name.ASC" ...). */
  sort: string;
  onSortChange: (sort: string) => void;
  isSelected: (id: number) => boolean;
  onToggle: (id: number) => void;
  onOpen: (person: PersonRow) => void;
};

/**
 * An address that may break before its "@" only: at most two lines (name, then domain) in a narrow column,
 * never a character at a time.
 */
function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  return (
    <span className="people-name__email">
      {at > 0 ? (
        <>
          {address.slice(0, at)}
          <wbr />
          {address.slice(at)}
        </>
      ) : (
        address
      )}
    </span>
  );
}

/** The table's view of the address's sort (newest first: no column marked). */
function tableSort(sort: string) {
  const { column, type } = peopleSortOf(sort);
  return { columnId: column ?? 'full_name', direction: type };
}

/**
 * One tab's people: selection, name (a link to the contact's dashboard; Profile opens the detail profile),
 * company (its account's analytics dashboard), personality, status, buyer stage.
 */
export function PeopleTable({
  rows,
  loading,
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
      cell: (row) => (
        <div className="people-name">
          <ContactDashboardLink contactId={row.contact_id} className="people-name__open">
            <UserText>{row.full_name}</UserText>
          </ContactDashboardLink>
          <EmailAddress address={row.contact_email} />
          <button
            type="button"
            className="people-name__profile"
            aria-label={`Profile of ${row.full_name}`}
            onClick={() => onOpen(row)}
          >
            Profile
          </button>
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
          {row.organization && row.account_id !== null ? (
            <AccountDashboardLink accountId={row.account_id}>
              <UserText>{row.organization}</UserText>
            </AccountDashboardLink>
          ) : (
            (row.organization ?? '—')
          )}
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
    {
      id: 'buyer_stage',
      header: 'Buyer stage',
      sortable: true,
      cell: (row) => (
        <div className="people-company">
          {row.buyer_stage}
          <span className="people-sub">Score {formatThousands(row.engagement_score)}</span>
        </div>
      ),
    },
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
      empty={empty}
      sort={tableSort(sort)}
      onSortChange={(next) => onSortChange(peopleSortKey(next.columnId, next.direction))}
    />
  );
}
