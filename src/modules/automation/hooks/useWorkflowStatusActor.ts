import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { WorkflowStatus } from '../../../../domain/workflowTypes.ts';
import {
  type ChangeStatusRequest,
  type WorkflowStatusActor,
  type WorkflowStatusResult,
  workflowStatusMachine,
} from '../../../../machines/workflowStatusMachine.ts';
import { useRecordedActor } from '../../../ui/useRecordedActor.ts';
import { useToast } from '../../../ui/useToast.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useActorNotices } from './useActorNotices.ts';

/**
 * A workflowStatusMachine actor for one workflow (pause and resume through resume_workflow/), recorded in
 * the session log. Each notice is shown once as a toast; a success calls `onChanged` with the answer.
 */
export function useWorkflowStatusActor(
  workflowId: number,
  status: WorkflowStatus,
  onChanged: (result: WorkflowStatusResult) => void,
): WorkflowStatusActor {
  const api = useServices().workflowApi;
  const toast = useToast();
  const [machine] = useState(() =>
    workflowStatusMachine.provide({
      actors: {
        changeStatus: fromPromise<WorkflowStatusResult, ChangeStatusRequest>(async ({ input, signal }) => {
          const answer = await api.setWorkflowStatus(input.workflowId, input.status, signal);
          return {
            status: answer.data.status,
            totalActiveCount: answer.total_active_count,
            workflow: answer.data,
          };
        }),
      },
    }),
  );
  const actor = useRecordedActor(machine, {
    name: `workflowStatus:${workflowId}`,
    input: { workflowId, status },
  }) as WorkflowStatusActor;

  const onChangedRef = useRef(onChanged);
  onChangedRef.current = onChanged;
  useEffect(() => {
    const subscription = actor.on('status.changed', (event) => onChangedRef.current(event.result));
    return () => subscription.unsubscribe();
  }, [actor]);

  // The list reloaded with a newer status: the actor follows (ignored while a change is in flight).
  useEffect(() => {
    if (actor.getSnapshot().context.status !== status) actor.send({ type: 'status.sync', status });
  }, [actor, status]);

  // Each notice is shown once, from the actor's own transition: the row may leave the view (a paused
  // workflow under the active filter) in the same render, and its toast must still show.
  useActorNotices(actor, (notice) => toast.show({ message: notice.text, tone: notice.tone }));

  return actor;
}
