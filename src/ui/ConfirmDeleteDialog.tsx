import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

export type ConfirmDeleteDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What goes and what stays. */
  description: string;
  /** The danger button's text ("Delete form"). */
  confirmLabel: string;
  onConfirm: () => void;
  busy: boolean;
  /** Why the last attempt failed, shown instead of "This cannot be undone." */
  error: string | null;
};

/** "Delete …?": Keep it, or the danger button; a failure shows in the dialog. */
export function ConfirmDeleteDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  onConfirm,
  busy,
  error,
}: ConfirmDeleteDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Keep it
          </Button>
          <Button variant="danger" loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {error ? <p role="alert">{error}</p> : <p>This cannot be undone.</p>}
    </Dialog>
  );
}
