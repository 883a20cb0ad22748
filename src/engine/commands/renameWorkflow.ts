import type * as Y from 'yjs';
import { metaOf } from '../workflowDoc.ts';
import { type CommandResult, invalid } from './readWorkflowTree.ts';

/** renameWorkflow: the in-place name edit (kept as typed; blank names are refused; trimmed on save). */
export type RenameWorkflowArgs = { name: string };

export const MAX_WORKFLOW_NAME_LENGTH = 255;

export function renameWorkflow(doc: Y.Doc, args: RenameWorkflowArgs): CommandResult {
  if (args.name.trim() === '') return invalid('The workflow needs a name.');
  if (args.name.length > MAX_WORKFLOW_NAME_LENGTH) return invalid('The name is too long.');
  const meta = metaOf(doc);
  if (meta.get('name') !== args.name) meta.set('name', args.name);
  return { ok: true };
}
