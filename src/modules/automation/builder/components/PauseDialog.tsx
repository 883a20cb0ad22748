import { WORKFLOW_TEXTS } from '../../../../../domain/workflowTypes.ts';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog.tsx';

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
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title="Pause this workflow?"
      confirmLabel="Pause workflow"
      onConfirm={() => {
        onPause();
        onClose();
      }}
    >
      <p>{WORKFLOW_TEXTS.inactiveWarning}</p>
      <p className="automation-muted">
        Steps you add while it is paused are marked as new until you resume it.
      </p>
    </ConfirmDialog>
  );
}
