import { useSelector } from '@xstate/react';
import { countOf } from '../../../../domain/countOf.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import type { JourneyRecomputeActor } from '../../../../machines/journeyRecomputeMachine.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { ProgressBar } from '../../../ui/ProgressBar.tsx';

/**
 * What the latest Save did: the recompute of every contact's score with its progress (done of total), its
 * end, a failed reading of its progress (Check again), or a save the service refused.
 */
export function RecomputeProgress({ actor }: { actor: JourneyRecomputeActor }) {
  const state = useSelector(actor, (s) => s.value as string);
  const job = useSelector(actor, (s) => s.context.job);
  const error = useSelector(actor, (s) => s.context.error);
  if (state === 'idle')
    return error ? (
      <Alert tone="error" title="The criteria could not be saved">
        {error.message}
      </Alert>
    ) : null;
  if (state === 'saving' || !job) return null;
  if (state === 'stalled')
    return (
      <Alert
        tone="warning"
        title="The progress of the recompute could not be read"
        actions={
          <Button size="sm" variant="secondary" onClick={() => actor.send({ type: 'progress.check' })}>
            Check again
          </Button>
        }
      >
        {error?.message} The criteria are saved; the scores are still being recomputed.
      </Alert>
    );
  if (state === 'finished')
    return job.state === 'done' ? (
      <Alert tone="success" title="Criteria saved">
        Scores and stages recomputed for {countOf(job.total, 'contact', 'contacts')}.
      </Alert>
    ) : (
      <Alert tone="error" title="The recompute failed">
        The criteria are saved, but the scores of {countOf(job.total - job.done, 'contact', 'contacts')} were
        not recomputed. Save again to retry.
      </Alert>
    );
  const caption =
    job.state === 'queued'
      ? 'Criteria saved. The recompute of the scores is queued…'
      : `Recomputing scores: ${formatThousands(job.done)} of ${countOf(job.total, 'contact', 'contacts')}`;
  return (
    <div className="journey-recompute" data-testid="journey-recompute">
      <p className="journey-recompute__label">{caption}</p>
      <ProgressBar
        value={job.done}
        max={Math.max(1, job.total)}
        label="Recompute progress"
        valueText={caption}
      />
    </div>
  );
}
