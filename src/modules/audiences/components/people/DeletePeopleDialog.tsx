import { countOf, pluralNoun } from '../../../../../domain/countOf.ts';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog.tsx';
import { useConfirmedRequest } from '../../../shared/hooks/useConfirmedRequest.ts';

/** Asks before deleting the selected people. */
export function DeletePeopleDialog({
  count,
  onClose,
  remove,
}: {
  count: number;
  onClose: () => void;
  remove: () => Promise<void>;
}) {
  const request = useConfirmedRequest(
    (_: null) => remove(),
    'deletePeople',
    () => {},
  );
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={`Delete ${countOf(count, 'person', 'people')}?`}
      description="They leave every list and workflow. This cannot be undone."
      confirmLabel={`Delete ${pluralNoun(count, 'person', 'people')}`}
      onConfirm={() => request.confirm(null)}
      busy={request.busy}
      failure={
        request.failureMessage ? { title: 'Nobody was deleted', message: request.failureMessage } : null
      }
    >
      <p>Their contact details and history will be removed.</p>
    </ConfirmDialog>
  );
}
