import { nodeTitleOf } from '../../../domain/workflowGraphRules.ts';
import { deleteNode } from '../commands/deleteNode.ts';
import { stepsDeletedBy } from '../commands/stepsDeletedBy.ts';
import { type BuilderAction, type BuilderActionHost, stepOf } from './BuilderAction.ts';

/** Deletes a step now, as one undo step; a refusal (a constraint) changes nothing. */
export function deleteStepNow(host: BuilderActionHost, nodeId: string): void {
  const node = host.draft.getSnapshot().flow[nodeId];
  const title = node ? nodeTitleOf(node) : 'step';
  const result = host.draft.run(deleteNode, { nodeId });
  if (!result.ok) {
    host.refused(result);
    return;
  }
  host.deleted({ title, removed: result.removed, undoDepth: host.draft.undo.manager.undoStack.length });
}

/** Delete: a step that takes others with it (an If / Else with steps below) asks first, naming how many. */
export const deleteStepAction: BuilderAction = {
  id: 'delete',
  label: 'Delete',
  surfaces: ['nodeMenu'],
  tone: 'danger',
  isEnabled: (host, target) => stepOf(host, target) !== null,
  perform: (host, target) => {
    const node = stepOf(host, target);
    if (!node || target.nodeId === null) return;
    const going = stepsDeletedBy(host.draft.doc, target.nodeId);
    if (going.length > 1)
      host.confirmDelete({ nodeId: target.nodeId, title: nodeTitleOf(node), count: going.length });
    else deleteStepNow(host, target.nodeId);
  },
};
