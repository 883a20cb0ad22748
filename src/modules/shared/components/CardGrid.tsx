import type { ReactNode } from 'react';
import './summaryCards.css';

/** The grid of a card list (SummaryCard items): as many columns as fit, one on a phone. */
export function CardGrid({
  label,
  busy = false,
  children,
}: {
  label: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <ul className="summary-cards" aria-label={label} aria-busy={busy}>
      {children}
    </ul>
  );
}
