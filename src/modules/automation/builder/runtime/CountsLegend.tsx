import { Panel } from '@xyflow/react';
import { formatThousands } from '../../../../../domain/formatThousands.ts';
import { useCountTotals } from './NodeCountsContext.ts';

/** The key to the numbers on the steps, over the canvas, once the workflow has enrolled anyone. */
export function CountsLegend() {
  const totals = useCountTotals();
  if (!totals || totals.enrolled === 0) return null;
  return (
    <Panel position="top-left" className="builder-legend">
      <span className="builder-legend__title">
        {formatThousands(totals.enrolled)} contact{totals.enrolled === 1 ? '' : 's'} enrolled
      </span>
      <span className="builder-count builder-count--passed">passed</span>
      <span className="builder-count builder-count--waiting">waiting</span>
      <span className="builder-count builder-count--left">left here</span>
    </Panel>
  );
}
