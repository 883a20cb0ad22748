import { countOf } from '../../../../domain/countOf.ts';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';

type Props = { done: number; total: number; cancelling: boolean; onCancel: () => void };

/** While the variants are written: how many of how many, and Cancel (nothing half-made is kept). */
export function AiGenerationProgress({ done, total, cancelling, onCancel }: Props) {
  const caption =
    total === 0
      ? 'Grouping the audience by personality…'
      : `${countOf(done, 'variant', 'variants')} of ${total} written`;
  return (
    <Card className="ai-progress">
      <div className="ai-progress__head" role="status">
        <Spinner />
        <p className="ai-progress__title">{cancelling ? 'Cancelling…' : 'Writing the variants'}</p>
      </div>
      <progress
        className="ai-progress__bar"
        aria-label="Variants written"
        max={Math.max(total, 1)}
        value={total === 0 ? undefined : done}
      />
      <p className="ai-progress__caption">{caption}</p>
      <p className="ai-progress__note">
        This can take a few minutes. Cancel stops it and keeps nothing of this AI email.
      </p>
      <div>
        <Button variant="secondary" onClick={onCancel} loading={cancelling} disabled={cancelling}>
          Cancel
        </Button>
      </div>
    </Card>
  );
}
