import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { WorkflowSummary } from '../../../../../domain/workflowTypes.ts';
import type { WorkflowStatusResult } from '../../../../../machines/workflowStatusMachine.ts';
import { Button } from '../../../../ui/Button.tsx';
import { PauseDialog } from '../../builder/components/PauseDialog.tsx';
import { useWorkflowStatusActor } from '../../hooks/useWorkflowStatusActor.ts';

type Props = {
  workflow: WorkflowSummary;
  onChanged: (result: WorkflowStatusResult) => void;
};

/**
 * Pause (with the inactive warning to confirm) or resume one workflow from the list, through its
 * workflowStatusMachine actor. A draft has nothing to pause: it is published from its details page.
 */
export function WorkflowStatusControl({ workflow, onChanged }: Props) {
  const actor = useWorkflowStatusActor(workflow.id, workflow.status, onChanged);
  const state = useSelector(actor, (s) => s.value);
  const [confirming, setConfirming] = useState(false);

  if (state === 'draft') return null;
  if (state === 'inactive' || state === 'resuming') {
    return (
      <Button
        size="sm"
        variant="secondary"
        loading={state === 'resuming'}
        onClick={() => actor.send({ type: 'status.resume' })}
        aria-label={`Resume ${workflow.name}`}
      >
        Resume
      </Button>
    );
  }
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        loading={state === 'pausing'}
        onClick={() => setConfirming(true)}
        aria-label={`Pause ${workflow.name}`}
      >
        Pause
      </Button>
      <PauseDialog
        open={confirming}
        name={workflow.name}
        onClose={() => setConfirming(false)}
        onPause={() => actor.send({ type: 'status.pause' })}
      />
    </>
  );
}
