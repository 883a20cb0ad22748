import { Panel } from '@xyflow/react';
import { countOf } from '../../../../../domain/countOf.ts';
import { useCountTotals } from './NodeCountsContext.ts';

/** The key to the numbers on the steps, over the canvas, once the workflow has enrolled anyone. */
export function CountsLegend() {
  const totals = useCountTotals();
  if (!totals || totals.enrolled === 0) return null;
  return (
    <Panel position="top-left" className="builder-legend">
      <span className="builder-legend__title">
        {countOf(totals.enrolled, 'contact', 'contacts')} enrolled
      </span>
      <span className="builder-count builder-count--passed">passed</span>
      <span className="builder-count builder-count--waiting">waiting</span>
      <span className="builder-count builder-count--left">left here</span>
    </Panel>
  );
}
