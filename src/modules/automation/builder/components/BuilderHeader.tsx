import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { DraftSnapshot, WorkflowDraft } from '../../../../engine/WorkflowDraft.ts';
import { triggerSubjectLabel } from '../../utils/triggerSubjectLabel.ts';
import { useDraftSelector } from '../hooks/useDraftSelector.ts';
import { WorkflowNameField } from './WorkflowNameField.tsx';

const selectTrigger = (snapshot: DraftSnapshot) => snapshot.meta.trigger_name;
const selectSubject = (snapshot: DraftSnapshot) => triggerSubjectLabel(snapshot.meta);
const selectSubjectKind = (snapshot: DraftSnapshot) =>
  snapshot.meta.email_name
    ? 'Email'
    : snapshot.meta.list_name
      ? 'List'
      : snapshot.meta.sp_uuid
        ? 'Share profile'
        : 'Starts from';
const selectStepCount = (snapshot: DraftSnapshot) => Object.keys(snapshot.flow).length;

/** The builder's header: the way back, the name (editable in place), the trigger facts and the toolbar. */
export function BuilderHeader({ draft, children }: { draft: WorkflowDraft; children: ReactNode }) {
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
      {children}
    </header>
  );
}
