import { Link } from '@tanstack/react-router';
import type { WorkflowSaveActor } from '../../../../../machines/workflowSaveMachine.ts';
import type { WorkflowStatusActor } from '../../../../../machines/workflowStatusMachine.ts';
import type { DraftSnapshot, WorkflowDraft } from '../../../../engine/WorkflowDraft.ts';
import { useDraftSelector } from '../hooks/useDraftSelector.ts';
import { BuilderToolbar } from './BuilderToolbar.tsx';
import { WorkflowNameField } from './WorkflowNameField.tsx';

const selectTrigger = (snapshot: DraftSnapshot) => snapshot.meta.trigger_name;
const selectSubject = (snapshot: DraftSnapshot) =>
  snapshot.meta.email_name ?? snapshot.meta.list_name ?? (snapshot.meta.sp_uuid ? 'Share profile' : null);
const selectSubjectKind = (snapshot: DraftSnapshot) =>
  snapshot.meta.email_name ? 'Email' : snapshot.meta.list_name ? 'List' : 'Starts from';
const selectStepCount = (snapshot: DraftSnapshot) => Object.keys(snapshot.flow).length;

/** The builder's header: the way back, the name (editable in place), the trigger facts and the toolbar. */
export function BuilderHeader({
  draft,
  saveActor,
  statusActor,
  onPublish,
  onPause,
}: {
  draft: WorkflowDraft;
  saveActor: WorkflowSaveActor;
  statusActor: WorkflowStatusActor;
  onPublish: () => void;
  onPause: () => void;
}) {
  const trigger = useDraftSelector(draft, selectTrigger);
  const subject = useDraftSelector(draft, selectSubject);
  const subjectKind = useDraftSelector(draft, selectSubjectKind);
  const steps = useDraftSelector(draft, selectStepCount);
  return (
    <header className="builder-header">
      <div className="builder-header__main">
        <Link to="/automation" className="builder-header__back">
          ← Automation
        </Link>
        <WorkflowNameField draft={draft} />
        <dl className="builder-facts">
          <div>
            <dt>Trigger</dt>
            <dd>{trigger}</dd>
          </div>
          {subject ? (
            <div>
              <dt>{subjectKind}</dt>
              <dd>{subject}</dd>
            </div>
          ) : null}
          <div>
            <dt>Steps</dt>
            <dd>{steps}</dd>
          </div>
        </dl>
      </div>
      <BuilderToolbar
        draft={draft}
        saveActor={saveActor}
        statusActor={statusActor}
        onPublish={onPublish}
        onPause={onPause}
      />
    </header>
  );
}
