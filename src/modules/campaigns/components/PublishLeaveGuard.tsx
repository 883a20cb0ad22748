import { useBlocker } from '@tanstack/react-router';
import type { PublishSettingsActor } from '../../../../machines/publishSettingsMachine.ts';
import { flushPublishSettings } from '../../../../machines/publishSettingsMachine.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';

/**
 * Leaving the publish step keeps what was typed: a pending change is saved first (the page moves on once it
 * is), and only a save that fails asks whether to stay (and retry) or leave without it. Closing or
 * reloading the tab while a change is not saved gets the browser's own question.
 */
export function PublishLeaveGuard({ settings }: { settings: PublishSettingsActor }) {
  const blocker = useBlocker({
    shouldBlockFn: async () => {
      try {
        await flushPublishSettings(settings);
        return false;
      } catch {
        return true;
      }
    },
    enableBeforeUnload: () => !settings.getSnapshot().matches('saved'),
    withResolver: true,
  });
  const message = settings.getSnapshot().context.message;
  return (
    <Dialog
      open={blocker.status === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Your changes are not saved"
      footer={
        <>
          <Button variant="ghost" onClick={() => blocker.proceed?.()}>
            Leave without saving
          </Button>
          <Button
            onClick={() => {
              blocker.reset?.();
              settings.send({ type: 'settings.retry' });
            }}
          >
            Stay and try again
          </Button>
        </>
      }
    >
      <p>{message ?? 'The last change to the sender, subject or audience could not be saved.'}</p>
    </Dialog>
  );
}
