import type * as Y from 'yjs';
import { constraintRefusal } from '../../../domain/removalConstraints.ts';
import type { NodeDetail } from '../../../domain/workflowTypes.ts';
import { setIfChanged } from '../draft/setIfChanged.ts';
import { detailOf } from '../workflowDoc.ts';
import { type CommandResult, invalid, liveNodeMap, readWorkflowTree, refused } from './readWorkflowTree.ts';

/**
 * editNode: patches detail fields of one step, one Y.Map key per field (so two tabs editing different
 * fields of a step both keep their edit). A field set to undefined is removed. nodeId, controlName and
 * controlType cannot be patched (they follow the step's type). Changing the email of a send-email step is
 * refused when a condition references the old email (the constraint rule).
 * Typing in an editor sends one editNode per change; the undo manager's capture timeout merges them.
 */
export type EditNodeArgs = { nodeId: string; patch: Partial<NodeDetail> };

const FIXED = new Set(['nodeId', 'controlName', 'controlType']);

export function editNode(doc: Y.Doc, args: EditNodeArgs): CommandResult<{ changed: string[] }> {
  const map = liveNodeMap(doc, args.nodeId);
  if (!map) return invalid(`There is no step "${args.nodeId}".`);
  const fixed = Object.keys(args.patch).filter((key) => FIXED.has(key));
  if (fixed.length > 0) return invalid(`${fixed.join(', ')} cannot be edited.`);
  if ('emailId' in args.patch) {
    const refusal = constraintRefusal(readWorkflowTree(doc).flow(), {
      emailChanges: new Map([[args.nodeId, args.patch.emailId ?? null]]),
    });
    if (refusal) return refused(refusal);
  }
  const detail = detailOf(map);
  const changed: string[] = [];
  for (const [key, value] of Object.entries(args.patch)) {
    const before = JSON.stringify(detail.get(key));
    setIfChanged(detail, key, value);
    if (JSON.stringify(detail.get(key)) !== before) changed.push(key);
  }
  return { ok: true, changed };
}
