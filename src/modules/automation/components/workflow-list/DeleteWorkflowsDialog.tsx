import { useEffect, useRef } from 'react';
import { pluralNoun } from '../../../../../domain/countOf.ts';
import { formatThousands } from '../../../../../domain/formatThousands.ts';
import type { WorkflowAnswers } from '../../../../../domain/workflowTypes.ts';
import type { DeleteWorkflowsInput } from '../../../../api/workflowApi.ts';
import { Alert } from '../../../../ui/Alert.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Dialog } from '../../../../ui/Dialog.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useRequest } from '../../../shared/hooks/useRequest.ts';

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
  const remove = useRequest<DeleteWorkflowsInput, WorkflowAnswers['delete_workflow']>(
    (payload, signal) => api.deleteWorkflows(payload, signal),
    'deleteWorkflows',
  );
  const noun = pluralNoun(count, 'workflow', 'workflows');

  const { status, data, reset } = remove;
  const onDeletedRef = useRef(onDeleted);
  onDeletedRef.current = onDeleted;
  useEffect(() => {
    if (status !== 'success' || !data) return;
    reset();
    onDeletedRef.current(data);
  }, [status, data, reset]);

  return (
    <Dialog
      open={open}
      onClose={() => {
        remove.reset();
        onClose();
      }}
      title={`Delete ${formatThousands(count)} ${noun}?`}
      footer={
        <>
          <Button
            variant="secondary"
            onClick={() => {
              remove.reset();
              onClose();
            }}
          >
            Cancel
          </Button>
          <Button variant="danger" loading={remove.status === 'loading'} onClick={() => remove.submit(input)}>
            Delete {noun}
          </Button>
        </>
      }
    >
      <p>Deleted workflows stop at once for every enrolled contact and cannot be brought back.</p>
      {remove.status === 'failure' && remove.error ? (
        <Alert tone="error" title="Nothing was deleted">
          {remove.error.message}
        </Alert>
      ) : null}
    </Dialog>
  );
}
