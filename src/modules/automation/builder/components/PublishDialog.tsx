import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import {
  hasEndNode,
  publishProblems,
  publishRefusalMessage,
} from '../../../../../domain/workflowGraphRules.ts';
import type { WorkflowFlow } from '../../../../../domain/workflowTypes.ts';
import type { WorkflowSaveActor } from '../../../../../machines/workflowSaveMachine.ts';
import type { WorkflowDraft } from '../../../../engine/WorkflowDraft.ts';
import { Alert } from '../../../../ui/Alert.tsx';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog.tsx';
import { useDraftSelector } from '../hooks/useDraftSelector.ts';
import { flowPublishEmails } from '../utils/flowPublishEmails.ts';

const selectFlow = (snapshot: { flow: WorkflowFlow }) => snapshot.flow;

/**
 * The publish dialog: what publishing does, the problems that block it (each naming its step), then
 * "Publish workflow" (a save with status active through the save machine). A refusal, the builder's own
 * or the server's, is shown here; a success closes the dialog (the toast says so).
 */
export function PublishDialog({
  open,
  onClose,
  draft,
  saveActor,
}: {
  open: boolean;
  onClose: () => void;
  draft: WorkflowDraft;
  saveActor: WorkflowSaveActor;
}) {
  const flow = useDraftSelector(draft, selectFlow);
  const problems = useMemo(() => publishProblems(flow, flowPublishEmails(flow)), [flow]);
  const missingEnd = Object.keys(flow).length > 0 && !hasEndNode(flow);
  const state = useSelector(saveActor, (snapshot) => snapshot.value as string);
  const notice = useSelector(saveActor, (snapshot) => snapshot.context.notice);
  const publishing = state === 'publishing';

  // A new publish attempt starts clean; a success closes the dialog.
  useEffect(() => {
    if (open) saveActor.send({ type: 'save.dismiss' });
  }, [open, saveActor]);
  const previous = useRef(state);
  useEffect(() => {
    const before = previous.current;
    previous.current = state;
    if (open && before === 'publishing' && state === 'published') onClose();
  }, [open, state, onClose]);

  const failure = notice && notice.action === 'publish' && notice.tone === 'error' ? notice.text : null;
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title="Publish this workflow?"
      description="Publishing saves your changes and makes the workflow active: contacts who meet its trigger enter it."
      tone="primary"
      confirmLabel="Publish workflow"
      busy={publishing}
      onConfirm={() =>
        saveActor.send({ type: 'save.publish', refusal: publishRefusalMessage(problems) || null })
      }
      failure={failure ? { title: 'The workflow was not published', message: failure } : null}
    >
      <div className="builder-publish">
        {problems.length > 0 ? (
          <div>
            <p className="builder-publish__lead">Fix these steps before publishing:</p>
            <ul className="builder-publish__problems">
              {problems.map((problem) => (
                <li key={`${problem.nodeId}:${problem.message}`}>{problem.message}</li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="builder-publish__lead">Every step is ready to publish.</p>
        )}
        {missingEnd ? (
          <Alert tone="warning" title="No end step">
            This workflow has no end step. Add one where contacts should leave the workflow.
          </Alert>
        ) : null}
      </div>
    </ConfirmDialog>
  );
}
