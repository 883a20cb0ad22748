import { countOf, pluralNoun } from '../../../../../domain/countOf.ts';
import type { WorkflowAnswers } from '../../../../../domain/workflowTypes.ts';
import type { DeleteWorkflowsInput } from '../../../../api/workflowApi.ts';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useConfirmedRequest } from '../../../shared/hooks/useConfirmedRequest.ts';

type Props = {
  open: boolean;
  /** How many workflows the selection covers. */
  count: number;
  input: DeleteWorkflowsInput;
  onClose: () => void;
  onDeleted: (answer: WorkflowAnswers['delete_workflow']) => void;
};

/** Confirms deleting the selected workflows (ids, or select-all with excluded ids). */
export function DeleteWorkflowsDialog({ open, count, input, onClose, onDeleted }: Props) {
  const api = useServices().workflowApi;
  const remove = useConfirmedRequest(
    (payload: DeleteWorkflowsInput, signal) => api.deleteWorkflows(payload, signal),
    'deleteWorkflows',
    onDeleted,
  );
  return (
    <ConfirmDialog
      open={open}
      onClose={() => {
        remove.reset();
        onClose();
      }}
      title={`Delete ${countOf(count, 'workflow', 'workflows')}?`}
      confirmLabel={`Delete ${pluralNoun(count, 'workflow', 'workflows')}`}
      busy={remove.busy}
      onConfirm={() => remove.confirm(input)}
      failure={
        remove.failureMessage ? { title: 'Nothing was deleted', message: remove.failureMessage } : null
      }
    >
      <p>Deleted workflows stop at once for every enrolled contact and cannot be brought back.</p>
    </ConfirmDialog>
  );
}
