import { Link } from '@tanstack/react-router';
import { abbreviateNumber } from '../../../../../domain/abbreviateNumber.ts';
import type { AudienceListSummary } from '../../../../../domain/audienceLists.ts';
import { formatDate } from '../../../../../domain/formatDate.ts';
import { formatThousands } from '../../../../../domain/formatThousands.ts';
import { Button } from '../../../../ui/Button.tsx';

type Props = {
  list: AudienceListSummary;
  onRename: () => void;
  onClone: () => void;
  onDelete: () => void;
  cloning: boolean;
};

const day = (iso: string) => formatDate(iso);

function Total({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd title={formatThousands(value)}>{abbreviateNumber(value)}</dd>
    </div>
  );
}

/** One list as a card: its name (a link to its details), totals, who made it, who last used it. */
export function ListCard({ list, onRename, onClone, onDelete, cloning }: Props) {
  return (
    <li className="list-card" data-testid="list-card" data-list-id={list.list_id}>
      <h3 className="list-card__name">
        <Link
          to="/audiences/{-$page}/{-$tab}/{-$subTab}"
          params={{ page: 'lists', tab: 'view' }}
          search={{ list_id: list.list_id } as never}
        >
          {list.list_name}
        </Link>
      </h3>
      <dl className="list-card__totals">
        <Total label="Contacts" value={list.totalContacts} />
        <Total label="Sent" value={list.totalSent} />
        <Total label="Clicks" value={list.totalClicks} />
      </dl>
      <p className="list-card__meta">
        Created by {list.created_by} · updated {day(list.last_updated)}
        <br />
        {list.last_used_by ? `Last used by ${list.last_used_by}` : 'Not used yet'}
      </p>
      <div className="list-card__actions">
        <Button size="sm" variant="ghost" onClick={onRename} aria-label={`Rename ${list.list_name}`}>
          Rename
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={onClone}
          loading={cloning}
          aria-label={`Clone ${list.list_name}`}
        >
          Clone
        </Button>
        <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete ${list.list_name}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}
