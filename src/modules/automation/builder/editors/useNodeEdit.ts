import { useCallback, useMemo, useRef, useState } from 'react';
import type { ConstraintRefusal } from '../../../../../domain/removalConstraints.ts';
import type { NodeDetail } from '../../../../../domain/workflowTypes.ts';
import { editNode } from '../../../../engine/commands/editNode.ts';
import { type EditTriggerArgs, editTrigger } from '../../../../engine/commands/editTrigger.ts';
import type { WorkflowDraft } from '../../../../engine/WorkflowDraft.ts';

export type NodeEdit = {
  /**
   * Writes fields of the node's detail. `field` names the field edited when it is finer than the patch's
   * keys (one share profile field, one condition's field): a change of another field is a new undo step.
   * Returns false when the engine refused the change.
   */
  patch: (patch: Partial<NodeDetail>, field?: string) => boolean;
  /** Writes trigger fields (nodeId "trigger"). */
  patchTrigger: (args: EditTriggerArgs) => boolean;
  /** The last refusal's message when it was not a constraint refusal (shown inline), else null. */
  refusal: string | null;
  /** Ends the current undo step (a text field was left). */
  endStep: () => void;
};

/**
 * Every edit of an editor goes through draft.run(editNode, { nodeId, patch }, { merge: true }): typing in
 * one field merges into one undo step; a change of another field starts a new step (stopCapturing before
 * it), so each field change is its own undo step. A constraint refusal (changing an email a condition
 * references) goes to onConstraint, which opens the canvas's constraint dialog.
 */
export function useNodeEdit(
  draft: WorkflowDraft,
  nodeId: string,
  onConstraint: ((refusal: ConstraintRefusal) => void) | undefined,
): NodeEdit {
  const lastFields = useRef('');
  const [refusal, setRefusal] = useState<string | null>(null);

  const startStep = useCallback(
    (fields: string) => {
      if (lastFields.current !== fields) draft.undo.stopCapturing();
      lastFields.current = fields;
    },
    [draft],
  );

  const patch = useCallback(
    (fields: Partial<NodeDetail>, field?: string) => {
      startStep(`${nodeId}:${field ?? Object.keys(fields).sort().join(',')}`);
      const result = draft.run(editNode, { nodeId, patch: fields }, { merge: true });
      if (result.ok) {
        setRefusal(null);
        return true;
      }
      lastFields.current = '';
      if (result.reason === 'constraint') {
        if (onConstraint) {
          setRefusal(null);
          onConstraint(result.refusal);
        } else setRefusal(result.message);
      } else setRefusal(result.message);
      return false;
    },
    [draft, nodeId, onConstraint, startStep],
  );

  const patchTrigger = useCallback(
    (args: EditTriggerArgs) => {
      startStep(`trigger:${Object.keys(args).sort().join(',')}`);
      const result = draft.run(editTrigger, args, { merge: true });
      if (!result.ok) setRefusal(result.message);
      return result.ok;
    },
    [draft, startStep],
  );

  const endStep = useCallback(() => {
    lastFields.current = '';
    draft.undo.stopCapturing();
  }, [draft]);

  // One object while nothing changes, so the editors (memoised) skip renders caused by other steps' edits.
  return useMemo(() => ({ patch, patchTrigger, refusal, endStep }), [patch, patchTrigger, refusal, endStep]);
}
