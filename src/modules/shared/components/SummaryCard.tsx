import type { ReactNode } from 'react';
import { abbreviateNumber } from '../../../../domain/abbreviateNumber.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import { Button } from '../../../ui/Button.tsx';
import './summaryCards.css';

export type SummaryCardTotal = { label: string; value: number };

type Props = {
  /** The heading's content (usually a link to the item's page). */
  name: ReactNode;
  /** What the item's actions are named after ("Rename Spring launch"). */
  itemName: string;
  /** Beside the name (a type badge). */
  badge?: ReactNode;
  /** One muted line or two: who, when. */
  meta: ReactNode;
  /** Figures, abbreviated (K/M/B) with the exact figure as a tooltip. */
  totals?: SummaryCardTotal[];
  /** Placed between the meta and the actions (an email's editions). */
  children?: ReactNode;
  /** Actions before Rename, Clone and Delete. */
  leadingActions?: ReactNode;
  onRename: () => void;
  onClone: () => void;
  onDelete: () => void;
  /** Its clone is on the way. */
  cloning?: boolean;
  /** A change of it is on the way: its actions wait. */
  busy?: boolean;
  /** The card's test id and data attributes (data-list-id ...). */
  testId: string;
  data?: Record<`data-${string}`, string | number>;
};

/**
 * One item of a card list (a list, a campaign, a campaign's email): its name, what it is, its figures and
 * its actions (Rename, Clone, Delete), the same everywhere.
 */
export function SummaryCard({
  name,
  itemName,
  badge,
  meta,
  totals,
  children,
  leadingActions,
  onRename,
  onClone,
  onDelete,
  cloning = false,
  busy = false,
  testId,
  data,
}: Props) {
  return (
    <li className="summary-card" data-testid={testId} {...data}>
      <div className="summary-card__head">
        <h3 className="summary-card__name">{name}</h3>
        {badge}
      </div>
      <p className="summary-card__meta">{meta}</p>
      {totals ? (
        <dl className="summary-card__totals">
          {totals.map((total) => (
            <div key={total.label}>
              <dt>{total.label}</dt>
              <dd title={formatThousands(total.value)}>{abbreviateNumber(total.value)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {children}
      <div className="summary-card__actions">
        {leadingActions}
        {(
          [
            ['Rename', onRename],
            ['Clone', onClone],
            ['Delete', onDelete],
          ] as const
        ).map(([act, run]) => (
          <Button
            key={act}
            size="sm"
            variant="ghost"
            disabled={busy}
            loading={act === 'Clone' && cloning}
            onClick={run}
            aria-label={`${act} ${itemName}`}
          >
            {act}
          </Button>
        ))}
      </div>
    </li>
  );
}
