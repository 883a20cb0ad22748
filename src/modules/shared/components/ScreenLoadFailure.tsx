import { useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { countOf } from '../../../../domain/countOf.ts';
import { screenRecoveryMachine } from '../../../../machines/screenRecoveryMachine.ts';
import { probeWorkbenchBuild } from '../../../api/probeWorkbenchBuild.ts';
import { Button } from '../../../ui/Button.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { useRecordedActor } from '../../../ui/useRecordedActor.ts';
import { retryFailedScreens } from '../utils/lazyScreen.ts';
import { reloadForNewBuild } from '../utils/reloadForNewBuild.ts';

/**
 * A screen whose code or styles could not be loaded, in place of the screen (the shell stays): says so,
 * looks every few seconds whether the server answers and then opens the screen by itself (or loads the
 * page again when a newer deploy replaced its files); "Try again" looks at once.
 */
export function ScreenLoadFailure() {
  const router = useRouter();
  const [machine] = useState(() =>
    screenRecoveryMachine.provide({
      actors: { probe: fromPromise(({ signal }) => probeWorkbenchBuild(signal)) },
    }),
  );
  const actor = useRecordedActor(machine, { name: 'screenRecovery' });
  const probing = useSelector(actor, (s) => s.matches('probing') || s.matches('recovered'));
  const unanswered = useSelector(actor, (s) => s.context.unanswered);

  useEffect(() => {
    const retry = () => void retryFailedScreens().finally(() => router.invalidate());
    const subscriptions = [
      actor.on('screen.retry', retry),
      actor.on('screen.reload', () => {
        if (!reloadForNewBuild()) retry();
      }),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [actor, router]);

  return (
    <div className="screen-failure" data-testid="screen-load-failure">
      <StatePanel
        kind="error"
        title="This screen could not be loaded"
        actions={
          <Button loading={probing} onClick={() => actor.send({ type: 'screen.retryNow' })}>
            Try again
          </Button>
        }
      >
        <p>
          The workbench could not reach the server to open this screen. It opens by itself as soon as the
          server answers again.
        </p>
        <p aria-live="polite">
          {unanswered > 0
            ? `No answer from the server yet (${countOf(unanswered, 'try', 'tries')}). Trying again every few seconds.`
            : null}
        </p>
      </StatePanel>
    </div>
  );
}
