import type * as Y from 'yjs';
import { detailOf } from '../workflowDoc.ts';
import { type CommandResult, invalid, liveNodeMap } from './readWorkflowTree.ts';

/** markError: sets or clears a step's error flag (publishing is refused while any step has one). */
export type MarkErrorArgs = { nodeId: string; error: boolean };

export function markError(doc: Y.Doc, args: MarkErrorArgs): CommandResult {
  const map = liveNodeMap(doc, args.nodeId);
  if (!map) return invalid(`There is no step "${args.nodeId}".`);
  const detail = detailOf(map);
  if (detail.get('error') !== args.error) detail.set('error', args.error);
  return { ok: true };
}
