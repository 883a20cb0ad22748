import { formatThousands } from '../../../../../domain/formatThousands.ts';
import { useNodeCount } from './NodeCountsContext.ts';

/**
 * A step's live counts on the canvas: contacts that passed it, are waiting at it, and left the workflow
 * there (the legend under the canvas says which is which). Nothing until a contact has reached it.
 */
export function NodeCountsRow({ nodeId }: { nodeId: string }) {
  const count = useNodeCount(nodeId);
  if (!count || count.passed + count.waiting + count.left === 0) return null;
  const label = `${formatThousands(count.passed)} passed, ${formatThousands(count.waiting)} waiting here, ${formatThousands(count.left)} left here`;
  return (
    <span className="builder-node__counts" role="img" aria-label={label} title={label}>
      <span className="builder-count builder-count--passed">{formatThousands(count.passed)}</span>
      <span className="builder-count builder-count--waiting">{formatThousands(count.waiting)}</span>
      <span className="builder-count builder-count--left">{formatThousands(count.left)}</span>
    </span>
  );
}
