import { countOf } from '../../../../../domain/countOf.ts';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog.tsx';

/** A delete that takes more than one step, waiting for the user's answer. */
export type PendingDelete = { nodeId: string; title: string; count: number };

/**
 * Asks before deleting an If / Else with steps in its branches: names the step and how many steps go in
 * all. After the delete, the toast offers Undo; undo lasts until the page is left or reloaded.
 */
export function DeleteStepsDialog({
  pending,
  onCancel,
  onConfirm,
}: {
  pending: PendingDelete | null;
  onCancel: () => void;
  onConfirm: (nodeId: string) => void;
}) {
  const below = pending ? pending.count - 1 : 0;
  return (
    <ConfirmDialog
      open={pending !== null}
      onClose={onCancel}
      title={pending ? `Delete “${pending.title}” and ${countOf(below, 'step', 'steps')} below it?` : ''}
      description={
        pending
          ? `Deleting this If / Else also deletes every step in its yes and no branches: ${countOf(pending.count, 'step', 'steps')} in all.`
          : undefined
      }
      confirmLabel={pending ? `Delete ${countOf(pending.count, 'step', 'steps')}` : 'Delete'}
      onConfirm={() => pending && onConfirm(pending.nodeId)}
    >
      {pending ? (
        <p className="automation-muted">
          You can undo it (Undo in the message that follows, the toolbar or Ctrl+Z) until you leave or reload
          this page; undo history is not kept across reloads.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
