import type { WorkflowFlow } from '../../domain/workflowTypes.ts';
import { digestOf, type FingerprintCache, fingerprintOf } from './draft/fingerprint.ts';
import type { WorkflowMeta } from './workflowDoc.ts';

/**
 * The fingerprint of what update_workflow sends (the flow, the name and the trigger fields), by the
 * kernel's rule (draft/fingerprint.ts): the meta fields as the head and, in id order, each node's digest.
 * With a cache (WorkflowDraft passes one; its FlowNodes keep their identity while unchanged) only changed
 * nodes are serialised.
 */
export type FingerprintContent = {
  flow: WorkflowFlow;
  meta: Pick<WorkflowMeta, 'name' | 'email_id' | 'list_id' | 'sp_uuid'>;
};

export function workflowFingerprint(content: FingerprintContent, cache?: FingerprintCache): string {
  const head = {
    name: content.meta.name.trim(),
    email_id: content.meta.email_id ?? null,
    list_id: content.meta.list_id ?? null,
    sp_uuid: content.meta.sp_uuid ?? null,
  };
  const ids = Object.keys(content.flow).sort();
  return fingerprintOf(
    head,
    ids.map((id) => `${JSON.stringify(id)}:${digestOf(content.flow[id] as object, cache)}`),
  );
}
