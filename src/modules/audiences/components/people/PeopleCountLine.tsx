import { formatThousands } from '../../../../../domain/formatThousands.ts';
import { Button } from '../../../../ui/Button.tsx';
import { Checkbox } from '../../../../ui/Checkbox.tsx';
import { selectAllState, toggleSelectAll } from '../../../shared/utils/rowSelection.ts';
import type { PeopleScreen } from '../../hooks/usePeopleScreen.ts';

/**
 * "Select all" and how many are shown of how many: the total while it is counted ("counting…"), or that
 * it could not be counted, with Try again; select-all waits for a total and for the rows.
 */
export function PeopleCountLine({ screen, total }: { screen: PeopleScreen; total: number | null }) {
  const { selection, setSelection, shown } = screen;
  // Nothing of this list could be loaded: its error (and one Try again for rows and totals) says it all.
  if (!shown && screen.status === 'failure') return null;
  const showing = shown ? `Showing ${formatThousands(shown.rows.length)}` : 'Loading people…';
  return (
    <div className="people-select-all">
      <Checkbox
        label={total === null ? 'Select all' : `Select all ${formatThousands(total)}`}
        checked={total !== null && selectAllState(selection, total) === 'all'}
        indeterminate={total !== null && selectAllState(selection, total) === 'some'}
        disabled={total === null || total === 0 || !shown}
        onChange={() => total !== null && setSelection((current) => toggleSelectAll(current, total))}
      />
      <span className="people-showing" aria-live="polite">
        {screen.countsStatus === 'failed' ? (
          <>
            {showing} · the total could not be counted{' '}
            <Button variant="ghost" size="sm" onClick={screen.recount}>
              Try again
            </Button>
          </>
        ) : !shown ? (
          showing
        ) : total === null ? (
          `${showing} (counting…)`
        ) : (
          `${showing} of ${formatThousands(total)}`
        )}
      </span>
    </div>
  );
}
