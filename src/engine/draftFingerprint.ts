import type { WorkflowFlow } from '../../domain/workflowTypes.ts';
import type { WorkflowMeta } from './workflowDoc.ts';

/**
 * A fingerprint of what a save sends (the flow, the name and the trigger fields), independent of key
 * order and of edit history: two docs showing the same workflow have the same fingerprint, and undoing
 * back to the saved state makes the draft clean again. Used for the exact "unsaved changes" flag and by
 * the open rule (does the local draft differ from the server's version?).
 * Hash: two 53-bit cyrb53 hashes (28 hex digits) of the meta's canonical JSON and every node's digest
 * (the same double hash of the node's key-sorted JSON).
 */
export type FingerprintContent = {
  flow: WorkflowFlow;
  meta: Pick<WorkflowMeta, 'name' | 'email_id' | 'list_id' | 'sp_uuid'>;
};

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

function cyrb53(text: string, seed: number): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}

/** A digest per node, memoised by object identity when a cache is given (the nodes must not be mutated). */
export type FingerprintCache = WeakMap<object, string>;

function nodeDigest(node: object, cache: FingerprintCache | undefined): string {
  const cached = cache?.get(node);
  if (cached !== undefined) return cached;
  const text = canonicalJson(node);
  const digest = `${cyrb53(text, 1)}${cyrb53(text, 2)}`;
  cache?.set(node, digest);
  return digest;
}

/**
 * The fingerprint: the meta fields and, in id order, each node's digest. With a cache (WorkflowDraft
 * passes one; its FlowNodes keep their identity while unchanged) only changed nodes are serialised.
 */
export function draftFingerprint(content: FingerprintContent, cache?: FingerprintCache): string {
  const meta = canonicalJson({
    name: content.meta.name.trim(),
    email_id: content.meta.email_id ?? null,
    list_id: content.meta.list_id ?? null,
    sp_uuid: content.meta.sp_uuid ?? null,
  });
  const ids = Object.keys(content.flow).sort();
  const parts = ids.map((id) => `${JSON.stringify(id)}:${nodeDigest(content.flow[id] as object, cache)}`);
  const text = `${meta}|${parts.join(',')}`;
  return `${cyrb53(text, 1)}${cyrb53(text, 2)}`;
}
