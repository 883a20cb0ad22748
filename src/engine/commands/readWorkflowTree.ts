import type * as Y from 'yjs';
import type { ConstraintRefusal } from '../../../domain/removalConstraints.ts';
import { ROOT_NODE_ID } from '../../../domain/workflowGraphRules.ts';
import type { WorkflowFlow } from '../../../domain/workflowTypes.ts';
import { type DerivedTree, deriveWorkflowTree, slotCount } from '../deriveWorkflowTree.ts';
import { treeToFlow } from '../docToFlow.ts';
import {
  directionFor,
  type NodeMap,
  type NodeRecord,
  newlyAddedOf,
  nodesOf,
  readMeta,
  readNodeRecords,
} from '../workflowDoc.ts';

/**
 * Shared by the commands (src/engine/commands/*): a read of the current tree, and the few structural
 * writes every command is made of. Commands are pure functions (doc, args) => result run by runCommand
 * inside doc.transact(fn, LOCAL_USER); they validate first and write only when the whole edit is valid,
 * so a refused command leaves no change (and no undo step).
 */

/** A place in the tree: slot 0 or 1 of a node (a condition's yes/left = 0, no/right = 1). parentId null = the
 * first step (only allowed while the workflow is empty). */
export type SlotRef = { parentId: string | null; slot: 0 | 1 };

export type CommandRefusal =
  | { ok: false; reason: 'constraint'; refusal: ConstraintRefusal; message: string }
  | { ok: false; reason: 'invalid'; message: string };

export type CommandResult<T extends object = object> = ({ ok: true } & T) | CommandRefusal;

export function invalid(message: string): CommandRefusal {
  return { ok: false, reason: 'invalid', message };
}

export function refused(refusal: ConstraintRefusal): CommandRefusal {
  return { ok: false, reason: 'constraint', refusal, message: refusal.message };
}

export type WorkflowTree = {
  doc: Y.Doc;
  nodes: Y.Map<NodeMap>;
  records: Map<string, NodeRecord>;
  tree: DerivedTree;
  /** The flow as shown (built lazily: only constraint checks need it). */
  flow(): WorkflowFlow;
};

export function readWorkflowTree(doc: Y.Doc): WorkflowTree {
  const records = readNodeRecords(doc);
  const tree = deriveWorkflowTree(records);
  let flow: WorkflowFlow | null = null;
  return {
    doc,
    nodes: nodesOf(doc),
    records,
    tree,
    flow: () => {
      flow ??= treeToFlow(doc, records, tree);
      return flow;
    },
  };
}

export function isShown(ctx: WorkflowTree, id: string): boolean {
  return ctx.tree.parent.has(id);
}

export function childAt(ctx: WorkflowTree, id: string, slot: number): string {
  return ctx.tree.children.get(id)?.[slot] ?? '';
}

/** The shown subtree of a node, the node first (tree order). */
export function subtreeOf(ctx: WorkflowTree, id: string): string[] {
  const out: string[] = [];
  const stack = [id];
  while (stack.length > 0) {
    const current = stack.pop() as string;
    out.push(current);
    const children = ctx.tree.children.get(current) ?? [];
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index] as string;
      if (child !== '') stack.push(child);
    }
  }
  return out;
}

/** Checks that a slot exists on a shown node (or is the empty workflow's first place). */
export function checkSlot(ctx: WorkflowTree, at: SlotRef): CommandRefusal | null {
  if (at.parentId === null) {
    return ctx.tree.rootId === null ? null : invalid('The workflow already has a first step.');
  }
  if (!isShown(ctx, at.parentId)) return invalid(`There is no step "${at.parentId}" to add after.`);
  const record = ctx.records.get(at.parentId) as NodeRecord;
  if (at.slot >= slotCount(record)) {
    return invalid(
      record.type === 'end'
        ? 'Nothing can follow an end step.'
        : `Step "${at.parentId}" has no slot ${at.slot}.`,
    );
  }
  return null;
}

/** The node now in a slot ("" when empty). */
export function occupantOf(ctx: WorkflowTree, at: SlotRef): string {
  if (at.parentId === null) return ctx.tree.rootId ?? '';
  return childAt(ctx, at.parentId, at.slot);
}

/** Where a piece's continuation goes: follow slot 0 from its root to the last node; null if that is an end. */
export function tailOf(
  types: (id: string) => string | undefined,
  childOf: (id: string) => string,
  rootId: string,
): string | null {
  let current = rootId;
  for (;;) {
    if (types(current) === 'end') return null;
    const next = childOf(current);
    if (next === '') return current;
    current = next;
  }
}

/** Sets where a node hangs. */
export function placeNode(ctx: WorkflowTree, id: string, parentId: string | null, slot: 0 | 1): void {
  const map = ctx.nodes.get(id);
  if (!map) return;
  const parentKind = parentId === null ? undefined : (readKind(ctx, parentId) ?? 'ACTION');
  const direction = parentKind === undefined ? null : directionFor(parentKind, slot);
  if (map.get('parentId') !== parentId) map.set('parentId', parentId);
  if (map.get('direction') !== direction) map.set('direction', direction);
}

function readKind(ctx: WorkflowTree, id: string): NodeRecord['kind'] | undefined {
  const map = ctx.nodes.get(id);
  return (map?.get('kind') as NodeRecord['kind'] | undefined) ?? ctx.records.get(id)?.kind;
}

/** Tombstones a node (kept in the doc so concurrent edits below it resolve, see deriveWorkflowTree). */
export function tombstone(ctx: WorkflowTree, id: string, mergedInto: string | null = null): void {
  const map = ctx.nodes.get(id);
  if (!map) return;
  map.set('removed', true);
  if (mergedInto !== null) map.set('mergedInto', mergedInto);
  const newly = newlyAddedOf(ctx.doc);
  if (newly.has(id)) newly.delete(id);
}

/** Records nodes as newly added when the workflow is inactive. */
export function trackNewlyAdded(ctx: WorkflowTree, ids: string[]): void {
  if (readMeta(ctx.doc).status !== 'inactive') return;
  const newly = newlyAddedOf(ctx.doc);
  for (const id of ids) newly.set(id, true);
}

export { ROOT_NODE_ID };

export function newlyAddedOfCtx(ctx: WorkflowTree): Y.Map<boolean> {
  return newlyAddedOf(ctx.doc);
}

/** The Y.Map of a node that exists and is not deleted, without deriving the tree (cheap: for per-keystroke edits). */
export function liveNodeMap(doc: Y.Doc, id: string): NodeMap | null {
  const map = nodesOf(doc).get(id);
  if (!map || map.get('removed') === true) return null;
  return map;
}
