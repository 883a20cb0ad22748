import { useSelector } from '@xstate/react';
import type { PublishSettingsActor } from '../../../../machines/publishSettingsMachine.ts';
import { Button } from '../../../ui/Button.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';

/**
 * Whether what the publish step shows is saved: "Saved", "Saving…" (while typing pauses and while the
 * save is under way), or "Not saved" with the reason and Retry.
 */
export function PublishSaveStatus({ settings }: { settings: PublishSettingsActor }) {
  const state = useSelector(settings, (s) =>
    s.matches('failed') ? 'failed' : s.matches('saved') ? 'saved' : 'saving',
  );
  const message = useSelector(settings, (s) => s.context.message);
  return (
    <div className={`publish-save publish-save--${state}`} data-testid="publish-save-status">
      <span className="publish-save__text" role="status">
        {state === 'saving' ? (
          <>
            <Spinner size="sm" /> Saving…
          </>
        ) : state === 'saved' ? (
          <>
            <span aria-hidden="true">✓</span> Saved
          </>
        ) : (
          <>Not saved: {message}</>
        )}
      </span>
      {state === 'failed' ? (
        <Button size="sm" variant="secondary" onClick={() => settings.send({ type: 'settings.retry' })}>
          Retry
        </Button>
      ) : null}
    </div>
  );
}
