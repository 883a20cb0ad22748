import { useState } from 'react';
import { fromPromise } from 'xstate';
import {
  type WorkflowSaveActor,
  type WorkflowSaveRequest,
  type WorkflowSaveResult,
  workflowSaveMachine,
} from '../../../../../machines/workflowSaveMachine.ts';
import type { WorkflowApi } from '../../../../api/workflowApi.ts';
import type { WorkflowDraft } from '../../../../engine/WorkflowDraft.ts';
import { useRecordedActor } from '../../../../ui/useRecordedActor.ts';
import { useToast } from '../../../../ui/useToast.ts';
import { useActorNotices } from '../../hooks/useActorNotices.ts';

/**
 * The builder's save machine (machines/workflowSaveMachine.ts), recorded in the session log. Its `save`
 * actor serialises the draft (prepareSave), sends it with the net email changes in one update_workflow/
 * request (the server saves flow and mapping in one transaction, or neither), and records the saved marker
 * in the draft (every tab becomes clean).
 * Success notices are shown as toasts; a failed publish is shown by the publish dialog, a failed save as a toast.
 */
export function useWorkflowSaveActor(
  draft: WorkflowDraft,
  api: Pick<WorkflowApi, 'updateWorkflow'>,
): WorkflowSaveActor {
  const toast = useToast();
  const [machine] = useState(() =>
    workflowSaveMachine.provide({
      actors: {
        save: fromPromise<WorkflowSaveResult, WorkflowSaveRequest>(async ({ input, signal }) => {
          const answer = await draft.save({
            status: input.status ?? undefined,
            send: async (fields, emailMapping) =>
              (await api.updateWorkflow(fields, emailMapping, signal)).data,
          });
          return { status: answer.status, version: answer.version };
        }),
      },
    }),
  );
  const actor = useRecordedActor(machine, {
    name: `workflowSave:${draft.workflowId}`,
    input: { workflowId: draft.workflowId },
  }) as WorkflowSaveActor;

  useActorNotices(actor, (notice) => {
    if (notice.tone === 'success') toast.show({ message: notice.text, tone: 'success' });
    else if (notice.action === 'save') toast.show({ message: notice.text, tone: 'error' });
  });
  return actor;
}
