import type * as Y from 'yjs';
import { setIfChanged } from '../draft/setIfChanged.ts';
import { metaOf, type WorkflowMeta } from '../workflowDoc.ts';
import type { CommandResult } from './readWorkflowTree.ts';

/** editTrigger: changes the trigger's email, list or share profile (saved as trigger_email_update and
 * trigger_list_id). The trigger kind itself is fixed at creation. */
export type EditTriggerArgs = Partial<
  Pick<WorkflowMeta, 'email_id' | 'email_name' | 'list_id' | 'list_name' | 'sp_uuid' | 'sp_name'>
>;

export function editTrigger(doc: Y.Doc, args: EditTriggerArgs): CommandResult {
  const meta = metaOf(doc);
  for (const [key, value] of Object.entries(args)) setIfChanged(meta, key, value);
  return { ok: true };
}
