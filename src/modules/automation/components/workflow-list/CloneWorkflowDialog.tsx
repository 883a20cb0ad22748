import { useEffect, useRef } from 'react';
import { WORKFLOW_TEXTS, type WorkflowSummary } from '../../../../../domain/workflowTypes.ts';
import { Alert } from '../../../../ui/Alert.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Dialog } from '../../../../ui/Dialog.tsx';
import { UserText } from '../../../../ui/UserText.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useRequest } from '../../../shared/hooks/useRequest.ts';

type Props = {
  /** The workflow to clone; null closes the dialog. */
  workflow: WorkflowSummary | null;
  onClose: () => void;
  /** The copy, as the server made it (the list inserts it first). */
  onCloned: (copy: WorkflowSummary) => void;
};

/**
 * Clone confirmation: "Cloning this workflow" / "Are you sure you want to clone this
 * workflow?", then "Workflow Cloned"; a refusal (no permission on an email of the workflow) shows the
 * server's message.
 */
export function CloneWorkflowDialog({ workflow, onClose, onCloned }: Props) {
  const api = useServices().workflowApi;
  const clone = useRequest<number, WorkflowSummary>(
    async (id, signal) => (await api.cloneWorkflow(id, signal)).data,
    'cloneWorkflow',
  );
  const { reset } = clone;
  const workflowId = workflow?.id;
  // A new workflow in the dialog starts from its question.
  useEffect(() => {
    if (workflowId !== undefined) reset();
  }, [workflowId, reset]);

  const done = clone.status === 'success' && clone.data !== null;
  const copy = clone.data;
  const onClonedRef = useRef(onCloned);
  onClonedRef.current = onCloned;
  // Each copy is reported once, when it arrives.
  useEffect(() => {
    if (copy) onClonedRef.current(copy);
  }, [copy]);

  return (
    <Dialog
      open={workflow !== null}
      onClose={onClose}
      title={done ? WORKFLOW_TEXTS.clonedTitle : WORKFLOW_TEXTS.cloneTitle}
      footer={
        done ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button
              loading={clone.status === 'loading'}
              onClick={() => workflow && clone.submit(workflow.id)}
            >
              Clone
            </Button>
          </>
        )
      }
    >
      {done && copy ? (
        <p>
          “<UserText>{copy.name}</UserText>” was added at the top of your workflows, as a draft with the same
          steps as “<UserText>{workflow?.name}</UserText>”.
        </p>
      ) : (
        <>
          <p>{WORKFLOW_TEXTS.cloneQuestion}</p>
          {workflow ? (
            <p className="automation-muted">
              “<UserText>{workflow.name}</UserText>” will be copied as a draft.
            </p>
          ) : null}
          {clone.status === 'failure' && clone.error ? (
            <Alert tone="error" title="The workflow was not cloned">
              {clone.error.message}
            </Alert>
          ) : null}
        </>
      )}
    </Dialog>
  );
}
