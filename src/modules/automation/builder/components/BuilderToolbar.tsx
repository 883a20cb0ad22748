import { useSelector } from '@xstate/react';
import type { WorkflowSaveActor } from '../../../../../machines/workflowSaveMachine.ts';
import type { WorkflowStatusActor } from '../../../../../machines/workflowStatusMachine.ts';
import type { BuilderDispatcher } from '../../../../engine/actions/BuilderAction.ts';
import type { DraftSnapshot, WorkflowDraft } from '../../../../engine/WorkflowDraft.ts';
import { Badge } from '../../../../ui/Badge.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { ActionButtons } from '../../../shared/components/ActionButtons.tsx';
import { WORKFLOW_STATUS_BADGE } from '../../../shared/utils/workflowStatusBadge.ts';
import { useDraftSelector } from '../hooks/useDraftSelector.ts';
import { useUndoState } from '../hooks/useUndoState.ts';

const selectStatus = (snapshot: DraftSnapshot) => snapshot.meta.status;
const selectDirty = (snapshot: DraftSnapshot) => snapshot.dirty;

/**
 * The builder's toolbar: status, unsaved-changes state, Undo / Redo, Simulate, Save (enabled once there
 * is an edit), and Publish (draft), Pause (active) or Resume (inactive).
 */
export function BuilderToolbar({
  draft,
  dispatcher,
  saveActor,
  statusActor,
  onPublish,
  onPause,
  onSimulate,
}: {
  draft: WorkflowDraft;
  dispatcher: BuilderDispatcher;
  saveActor: WorkflowSaveActor;
  statusActor: WorkflowStatusActor;
  onPublish: () => void;
  onPause: () => void;
  onSimulate: () => void;
}) {
  const status = useDraftSelector(draft, selectStatus);
  const dirty = useDraftSelector(draft, selectDirty);
  // The toolbar's actions (Undo, Redo) come from the registry; their enabled state follows the undo store.
  useUndoState(draft);
  const saveState = useSelector(saveActor, (snapshot) => snapshot.value as string);
  const recentlyPublished = useSelector(saveActor, (snapshot) => snapshot.context.recentlyPublished);
  const statusState = useSelector(statusActor, (snapshot) => snapshot.value as string);
  const badge = WORKFLOW_STATUS_BADGE[status];
  const busy = saveState === 'saving' || saveState === 'publishing';
  const changingStatus = statusState === 'pausing' || statusState === 'resuming';

  return (
    <div className="builder-toolbar" role="toolbar" aria-label="Workflow actions">
      <div className="builder-toolbar__state">
        <Badge tone={badge.tone}>{badge.label}</Badge>
        {recentlyPublished && status === 'active' ? <Badge tone="info">Recently published</Badge> : null}
        <span className="builder-toolbar__saved" data-testid="save-state" aria-live="polite">
          {busy ? 'Saving…' : dirty ? 'Unsaved changes' : 'All changes saved'}
        </span>
      </div>
      <div className="builder-toolbar__group">
        <ActionButtons items={dispatcher.items('toolbar')} variant="ghost" />
      </div>
      <div className="builder-toolbar__group">
        <Button variant="ghost" size="sm" onClick={onSimulate}>
          Simulate
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={!dirty || busy}
          loading={saveState === 'saving'}
          onClick={() => saveActor.send({ type: 'save.save' })}
        >
          Save
        </Button>
        {status === 'draft' ? (
          <Button size="sm" disabled={busy} onClick={onPublish}>
            Publish
          </Button>
        ) : status === 'active' ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={busy || changingStatus}
            loading={statusState === 'pausing'}
            onClick={onPause}
          >
            Pause
          </Button>
        ) : (
          <Button
            size="sm"
            disabled={busy || changingStatus}
            loading={statusState === 'resuming'}
            onClick={() => statusActor.send({ type: 'status.resume' })}
          >
            Resume
          </Button>
        )}
      </div>
    </div>
  );
}
