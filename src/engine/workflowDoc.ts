import * as Y from 'yjs';
import type {
  ControlName,
  Direction,
  NodeDetail,
  NodeKind,
  TriggerId,
  WorkflowStatus,
  WorkflowTriggerTargets,
} from '../../domain/workflowTypes.ts';
import { setIfChanged } from './draft/setIfChanged.ts';

/**
 * The workflow Y.Doc: one per workflow, named `workflow:<id>` (the y-indexeddb database name and the
 * BroadcastChannel name). Its shared types:
 *
 * - `nodes` (Y.Map): node id -> Y.Map with the fields
 *     kind, type           NodeKind and ControlName (fixed at creation, except on root promotion)
 *     parentId, direction  where the node hangs (direction "left"/"right" = slot 0/1 of a condition)
 *     detail               a NESTED Y.Map: one key per NodeDetail field, each value a plain JSON value.
 *                          Two tabs editing different fields of one node (say the title and the email)
 *                          both survive; the same field is last-writer-wins (conditions and shareProfile
 *                          are one value each).
 *     removed              true once deleted (a tombstone, see deriveWorkflowTree for why)
 *     mergedInto           on a tombstone: the node that took over its place and children (root promotion)
 *   There is deliberately NO childNodes field: children are derived from parentId + direction, so
 *   concurrent inserts under one parent cannot overwrite each other (deriveWorkflowTree resolves them).
 * - `meta` (Y.Map): name, status, trigger fields (see WorkflowMeta). Undoable (rename is a command).
 * - `newlyAdded` (Y.Map): node id -> true, the nodes added while the workflow is inactive (a set that
 *   merges across tabs). Undoable with the add that created the entry.
 * - `saved` (Y.Map): the saved marker (WorkflowSavedMarker) written after a save or a server load by the
 *   draft kernel (draft/Draft.ts); shared by all tabs through the doc, NOT tracked by the undo manager.
 */

export const NODES_KEY = 'nodes';
export const META_KEY = 'meta';
export const NEWLY_ADDED_KEY = 'newlyAdded';

export type NodeMap = Y.Map<unknown>;
export type DetailMap = Y.Map<unknown>;

/** The workflow fields the builder edits besides the nodes (saved by update_workflow). */
export type WorkflowMeta = {
  workflowId: number | null;
  name: string;
  status: WorkflowStatus;
  trigger_id: TriggerId | null;
  trigger_name: string | null;
} & WorkflowTriggerTargets;

/** The trigger's fields of the meta (what the trigger node shows). */
export type WorkflowTriggerFields = Pick<
  WorkflowMeta,
  'trigger_id' | 'trigger_name' | 'email_id' | 'email_name' | 'list_id' | 'list_name' | 'sp_uuid' | 'sp_name'
>;

export const EMPTY_META: WorkflowMeta = {
  workflowId: null,
  name: '',
  status: 'draft',
  trigger_id: null,
  trigger_name: null,
  email_id: null,
  email_name: null,
  list_id: null,
  list_name: null,
  sp_uuid: null,
  sp_name: null,
};

/** What was last saved to (or loaded from) the server; "unsaved changes" compares against it. */
export type WorkflowSavedMarker = {
  /** Fingerprint (workflowFingerprint) of the saved content. */
  fingerprint: string;
  /** The server's version number of that content. */
  version: number;
  /** The send-email emails of the saved flow (the base of email_mapping). */
  emailIds: number[];
};

/** One node as stored in the doc (plain values). */
export type NodeRecord = {
  id: string;
  kind: NodeKind;
  type: ControlName;
  parentId: string | null;
  direction: Direction | null;
  removed: boolean;
  mergedInto: string | null;
};

export function workflowDocName(workflowId: number | string): string {
  return `workflow:${workflowId}`;
}

export function createWorkflowDoc(workflowId: number | string): Y.Doc {
  return new Y.Doc({ guid: workflowDocName(workflowId) });
}

export function nodesOf(doc: Y.Doc): Y.Map<NodeMap> {
  return doc.getMap<NodeMap>(NODES_KEY);
}
export function metaOf(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap<unknown>(META_KEY);
}
export function newlyAddedOf(doc: Y.Doc): Y.Map<boolean> {
  return doc.getMap<boolean>(NEWLY_ADDED_KEY);
}

/** What this tab's undo covers: the nodes, the meta and the newly-added set (never the saved marker). */
export function workflowUndoScope(doc: Y.Doc): [Y.Map<NodeMap>, Y.Map<unknown>, Y.Map<boolean>] {
  return [nodesOf(doc), metaOf(doc), newlyAddedOf(doc)];
}

export function readNodeRecord(id: string, map: NodeMap): NodeRecord {
  return {
    id,
    kind: (map.get('kind') as NodeKind | undefined) ?? 'ACTION',
    type: (map.get('type') as ControlName | undefined) ?? 'delay',
    parentId: (map.get('parentId') as string | null | undefined) ?? null,
    direction: (map.get('direction') as Direction | null | undefined) ?? null,
    removed: map.get('removed') === true,
    mergedInto: (map.get('mergedInto') as string | null | undefined) ?? null,
  };
}

export function readNodeRecords(doc: Y.Doc): Map<string, NodeRecord> {
  const records = new Map<string, NodeRecord>();
  nodesOf(doc).forEach((map, id) => {
    records.set(id, readNodeRecord(id, map));
  });
  return records;
}

export function detailOf(map: NodeMap): DetailMap {
  const detail = map.get('detail');
  if (detail instanceof Y.Map) return detail as DetailMap;
  const created = new Y.Map<unknown>();
  map.set('detail', created);
  return created;
}

/** The node's detail as a plain NodeDetail (nodeId forced to the node's id). */
export function readDetail(id: string, map: NodeMap): NodeDetail {
  const detail = map.get('detail');
  const json = detail instanceof Y.Map ? (detail.toJSON() as Record<string, unknown>) : {};
  return { ...(json as NodeDetail), nodeId: id, error: json.error === true };
}

/** Writes every field of a detail into the nested map (keys absent from detail are removed). */
export function writeDetail(detailMap: DetailMap, detail: NodeDetail): void {
  const entries = Object.entries(detail) as [string, unknown][];
  const keys = new Set(entries.map(([key]) => key));
  for (const key of [...detailMap.keys()]) if (!keys.has(key)) detailMap.delete(key);
  for (const [key, value] of entries) setIfChanged(detailMap, key, value);
}

/** Creates the Y.Map of a new node (not yet inserted into the nodes map). */
export function createNodeMap(fields: {
  kind: NodeKind;
  type: ControlName;
  parentId: string | null;
  direction: Direction | null;
  detail: NodeDetail;
}): NodeMap {
  const map = new Y.Map<unknown>();
  map.set('kind', fields.kind);
  map.set('type', fields.type);
  map.set('parentId', fields.parentId);
  map.set('direction', fields.direction);
  const detail = new Y.Map<unknown>();
  for (const [key, value] of Object.entries(fields.detail)) if (value !== undefined) detail.set(key, value);
  map.set('detail', detail);
  return map;
}

export function readMeta(doc: Y.Doc): WorkflowMeta {
  const meta = metaOf(doc);
  const out: Record<string, unknown> = { ...EMPTY_META };
  for (const key of Object.keys(EMPTY_META)) if (meta.has(key)) out[key] = meta.get(key);
  return out as WorkflowMeta;
}

/** The saved marker's workflow fields, as kept in the doc's `saved` map. */
export function readWorkflowMarker(saved: Y.Map<unknown>): WorkflowSavedMarker {
  return {
    fingerprint: String(saved.get('fingerprint')),
    version: typeof saved.get('version') === 'number' ? (saved.get('version') as number) : 0,
    emailIds: Array.isArray(saved.get('emailIds')) ? (saved.get('emailIds') as number[]) : [],
  };
}

export function readNewlyAdded(doc: Y.Doc): string[] {
  return [...newlyAddedOf(doc).keys()].sort();
}

/** The slot a node occupies under a parent of the given kind: a condition's "right" child is slot 1. */
export function slotFor(parentKind: NodeKind | undefined, direction: Direction | null): 0 | 1 {
  return parentKind === 'CONDITION' && direction === 'right' ? 1 : 0;
}

/** The direction a child gets in a slot of a parent of the given kind. */
export function directionFor(parentKind: NodeKind, slot: 0 | 1): Direction | null {
  if (parentKind !== 'CONDITION') return null;
  return slot === 0 ? 'left' : 'right';
}
