import { WORKFLOW_TEXTS } from '../../../../../domain/workflowTypes.ts';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog.tsx';

/**
 * Asks before pausing a workflow, from its builder or the list: the inactive warning,
 * then "Pause workflow".
 */
export function PauseDialog({
  open,
  name,
  onClose,
  onPause,
}: {
  open: boolean;
  /** The workflow's name, said in the dialog when it is asked from a list of several. */
  name?: string;
  onClose: () => void;
  onPause: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title="Pause this workflow?"
      description={name ? `“${name}” becomes inactive.` : undefined}
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
