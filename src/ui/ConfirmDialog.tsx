import type { ReactNode } from 'react';
import { Alert } from './Alert.tsx';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

export type ConfirmDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  /** A line under the title. */
  description?: ReactNode;
  /** What goes, what stays, or what to choose. */
  children?: ReactNode;
  /** The confirming button's text, naming the act ("Delete list", "Pause workflow"). */
  confirmLabel: string;
  /** 'danger' for what cannot be taken back (the default), 'primary' for the rest. */
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  /** The act is on its way: the button spins and waits. */
  busy?: boolean;
  /** Nothing to confirm yet (a choice to make, a check still running). */
  disabled?: boolean;
  /** Why the last attempt failed, said in the dialog (which stays open to try again). */
  failure?: { title: string; message: string } | null;
};

/**
 * The product's one confirm dialog: a question, what it means, Cancel and the button that does it. A
 * failure is shown inside, and the dialog stays for another try.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  children,
  confirmLabel,
  tone = 'danger',
  onConfirm,
  busy = false,
  disabled = false,
  failure = null,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant={tone} loading={busy} disabled={disabled} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {failure ? (
        <Alert tone="error" title={failure.title}>
          {failure.message}
        </Alert>
      ) : null}
    </Dialog>
  );
}
