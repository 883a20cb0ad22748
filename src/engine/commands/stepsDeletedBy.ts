import type * as Y from 'yjs';
import { isShown, readWorkflowTree, subtreeOf } from './readWorkflowTree.ts';

/**
 * The steps deleteNode would remove, without changing anything (to ask before a delete that takes more
 * than the step itself): an If / Else goes with everything in its branches, any other step alone.
 * Empty when the step does not exist.
 */
export function stepsDeletedBy(doc: Y.Doc, nodeId: string): string[] {
  const ctx = readWorkflowTree(doc);
  if (!isShown(ctx, nodeId)) return [];
  return ctx.records.get(nodeId)?.kind === 'CONDITION' ? subtreeOf(ctx, nodeId) : [nodeId];
}
