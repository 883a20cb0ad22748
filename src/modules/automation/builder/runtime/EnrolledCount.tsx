import { formatThousands } from '../../../../../domain/formatThousands.ts';
import { useCountTotals } from './NodeCountsContext.ts';

/** On the trigger: how many contacts the workflow has enrolled, and how many are in it now. */
export function EnrolledCount() {
  const totals = useCountTotals();
  if (!totals || totals.enrolled === 0) return null;
  const label = `${formatThousands(totals.enrolled)} enrolled, ${formatThousands(totals.live)} in the workflow now`;
  return (
    <span className="builder-node__counts" role="img" aria-label={label} title={label}>
      <span className="builder-count builder-count--enrolled">{formatThousands(totals.enrolled)}</span>
      <span className="builder-count builder-count--waiting">{formatThousands(totals.live)}</span>
    </span>
  );
}
