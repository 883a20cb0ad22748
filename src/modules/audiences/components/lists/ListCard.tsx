import { Link } from '@tanstack/react-router';
import type { AudienceListSummary } from '../../../../../domain/audienceLists.ts';
import { formatDate } from '../../../../../domain/formatDate.ts';
import { UserText } from '../../../../ui/UserText.tsx';
import { SummaryCard } from '../../../shared/components/SummaryCard.tsx';

type Props = {
  list: AudienceListSummary;
  onRename: () => void;
  onClone: () => void;
  onDelete: () => void;
  cloning: boolean;
};

const day = (iso: string) => formatDate(iso);

/** One list as a card: its name (a link to its details), totals, who made it, who last used it. */
export function ListCard({ list, onRename, onClone, onDelete, cloning }: Props) {
  return (
    <SummaryCard
      testId="list-card"
      data={{ 'data-list-id': list.list_id }}
      itemName={list.list_name}
      name={
        <Link
          to="/audiences/{-$page}/{-$tab}/{-$subTab}"
          params={{ page: 'lists', tab: 'view' }}
          search={{ list_id: list.list_id } as never}
        >
          <UserText>{list.list_name}</UserText>
        </Link>
      }
      meta={
        <>
          Created by <UserText>{list.created_by}</UserText> · updated {day(list.last_updated)}
          <br />
          {list.last_used_by ? `Last used by ${list.last_used_by}` : 'Not used yet'}
        </>
      }
      totals={[
        { label: 'Contacts', value: list.totalContacts },
        { label: 'Sent', value: list.totalSent },
        { label: 'Clicks', value: list.totalClicks },
      ]}
      onRename={onRename}
      onClone={onClone}
      onDelete={onDelete}
      cloning={cloning}
    />
  );
}
