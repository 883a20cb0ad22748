import { type KeyboardEvent, useEffect, useId, useMemo, useRef } from 'react';
import type { ConstraintRefusal } from '../../../../../domain/removalConstraints.ts';
import type { ControlName } from '../../../../../domain/workflowTypes.ts';
import { STEP_TITLES } from '../../../../engine/nodeDefaults.ts';
import type { WorkflowDraft } from '../../../../engine/WorkflowDraft.ts';
import { Alert } from '../../../../ui/Alert.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { StatePanel } from '../../../../ui/StatePanel.tsx';
import { TextField } from '../../../../ui/TextField.tsx';
import { AddToListEditor } from './AddToListEditor.tsx';
import { DelayEditor } from './DelayEditor.tsx';
import { IfElseEditor } from './IfElseEditor.tsx';
import { SendEmailEditor } from './SendEmailEditor.tsx';
import { TriggerEditor } from './TriggerEditor.tsx';
import { useDraftSnapshot } from './useDraftSnapshot.ts';
import { useNodeEdit } from './useNodeEdit.ts';
import { workflowEmailOptions } from './workflowEmailOptions.ts';
import './nodeEditor.css';

export type NodeEditorPanelProps = {
  draft: WorkflowDraft;
  /** A step's id, or "trigger" for the trigger node. */
  nodeId: string;
  workflowId: number;
  onClose: () => void;
  /** Opens the canvas's constraint dialog (a change refused because a condition references an email). */
  onConstraint?: (refusal: ConstraintRefusal) => void;
};

export const TRIGGER_NODE_ID = 'trigger';

const HEADINGS: Record<ControlName, string> = {
  'send email': 'Send email',
  'add to list': 'Add to list',
  delay: 'Delay',
  'If / Else': 'If / Else',
  end: 'End',
};

/**
 * The builder's side panel: the editor of the selected node, by its controlName (send email, add to
 * list, delay, If / Else, end) or the trigger. It reads the node from the draft (any tab's change shows at
 * once) and edits only through the engine's commands (useNodeEdit). Escape or the close button closes it.
 */
export function NodeEditorPanel({ draft, nodeId, workflowId, onClose, onConstraint }: NodeEditorPanelProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const snapshot = useDraftSnapshot(draft);
  const edit = useNodeEdit(draft, nodeId, onConstraint);
  // A newly selected node: focus moves to the panel's heading (keyboard users land in the editor).
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a new node only
  useEffect(() => headingRef.current?.focus(), [nodeId]);
  const isTrigger = nodeId === TRIGGER_NODE_ID;
  const emailOptions = useMemo(
    () => workflowEmailOptions(snapshot.flow, snapshot.meta),
    [snapshot.flow, snapshot.meta],
  );
  const node = isTrigger ? undefined : snapshot.flow[nodeId];

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.stopPropagation();
      onClose();
    }
  };
  const heading = isTrigger ? 'Trigger' : node ? HEADINGS[node.type] : 'Step';

  let body: React.ReactNode;
  if (isTrigger)
    body = (
      <TriggerEditor meta={snapshot.meta} flow={snapshot.flow} edit={edit} onConstraint={onConstraint} />
    );
  else if (!node) {
    body = (
      <StatePanel compact kind="empty" title="This step no longer exists">
        It was removed, perhaps in another tab.
      </StatePanel>
    );
  } else {
    const title = node.detail.title;
    body = (
      <>
        {node.type !== 'end' ? (
          <TextField
            label="Step name"
            value={title}
            maxLength={200}
            error={title.trim() === '' ? 'Give the step a name.' : undefined}
            onChange={(event) =>
              edit.patch({ title: event.target.value, nodeTitle: event.target.value }, 'title')
            }
            onBlur={edit.endStep}
            placeholder={STEP_TITLES[node.type]}
          />
        ) : null}
        {node.detail.error ? <Alert tone="error">This step is marked as having an error.</Alert> : null}
        {node.type === 'send email' ? (
          <SendEmailEditor node={node} edit={edit} workflowId={workflowId} />
        ) : null}
        {node.type === 'add to list' ? <AddToListEditor node={node} edit={edit} /> : null}
        {node.type === 'delay' ? <DelayEditor node={node} edit={edit} /> : null}
        {node.type === 'If / Else' ? (
          <IfElseEditor node={node} edit={edit} workflowId={workflowId} emails={emailOptions} />
        ) : null}
        {node.type === 'end' ? (
          <p>
            The workflow ends here: contacts who reach this step leave the workflow. There is nothing to set.
          </p>
        ) : null}
      </>
    );
  }

  return (
    <aside className="node-editor" aria-labelledby={headingId} onKeyDown={onKeyDown}>
      <header className="node-editor__header">
        <h2 className="node-editor__heading" id={headingId} ref={headingRef} tabIndex={-1}>
          {heading}
        </h2>
        <Button variant="ghost" size="sm" onClick={onClose} aria-label={`Close the ${heading} editor`}>
          Close
        </Button>
      </header>
      {edit.refusal ? <Alert tone="error">{edit.refusal}</Alert> : null}
      <div className="node-editor__body">{body}</div>
    </aside>
  );
}
