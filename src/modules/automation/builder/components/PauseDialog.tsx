import { WORKFLOW_TEXTS } from '../../../../../domain/workflowTypes.ts';
import { Button } from '../../../../ui/Button.tsx';
import { Dialog } from '../../../../ui/Dialog.tsx';

/** Asks before pausing: the inactive warning (spec 01 section 4), then "Pause workflow". */
export function PauseDialog({
  open,
  onClose,
  onPause,
}: {
  open: boolean;
  onClose: () => void;
  onPause: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Pause this workflow?"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              onPause();
              onClose();
            }}
          >
            Pause workflow
          </Button>
        </>
      }
    >
      <p>{WORKFLOW_TEXTS.inactiveWarning}</p>
      <p className="automation-muted">
        Steps you add while it is paused are marked as new until you resume it.
      </p>
    </Dialog>
  );
}
