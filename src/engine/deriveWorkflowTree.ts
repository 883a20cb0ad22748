import { ROOT_NODE_ID } from '../../domain/workflowGraphRules.ts';
import { type NodeRecord, slotFor } from './workflowDoc.ts';

/**
 * The tree shown and saved, derived deterministically from the node records of the doc. Every tab that
 * holds the same records derives the same tree, so concurrent edits converge without a "repair" write.
 *
 * The doc stores only parent pointers (parentId + direction), never child lists, so two tabs that insert
 * a node at the same place both keep their node. The rules, in order:
 * 1. Tombstones (removed records) forward what hangs below them: below a removed ACTION its slot-0
 *    child takes its place (so a step added in another tab after a step deleted here is kept, in the
 *    deleted step's place); below a removed CONDITION everything is dropped (deleting an If / Else
 *    deletes its branches, and that wins over concurrent additions inside them); a tombstone with
 *    mergedInto (root promotion) forwards its children to that node.
 * 2. When several live nodes claim one slot, they are chained: ends go last; before them, in order,
 *    nodes pushed down by an earlier conflict, nodes forwarded from a deleted node (they were placed
 *    upstream of what now hangs there directly), nodes hung there directly; ties by id. The first takes
 *    the slot and the others are pushed into its slot 0 (its "next", or a condition's left branch).
 *    Two concurrent "insert after X" give X -> A -> B -> (X's old next).
 *    Two ends claiming one slot keep one (the other is hidden: both meant "stop here").
 * 3. A removed root "0" with live nodes claiming below it is revived (an add in another tab wins over
 *    deleting the last step).
 * 4. Live nodes not reached from the root (concurrent moves that formed a cycle, a child under an end,
 *    a child of a deleted step that lost its own place) are attached at the first free slot in tree
 *    order, so nothing is lost.
 * Slots: a condition has 2, "end" 0, every other action 1.
 */

export type DerivedTree = {
  /** "0" when the workflow has a live root, else null (empty workflow). */
  rootId: string | null;
  /** childNodes of every shown node in the saved format: action [] or [id], end [], condition [yes, no]. */
  children: Map<string, string[]>;
  /** Effective parent and slot of every shown node (the root has parentId null, slot 0). */
  parent: Map<string, { parentId: string | null; slot: 0 | 1 }>;
  /** Shown node ids in tree order (root, then yes branch before no branch). */
  order: string[];
  /** Live records not shown (duplicate ends, nodes under a deleted condition). */
  hidden: string[];
};

type Claim = { parentId: string; slot: number; forwarded: boolean } | 'orphan' | 'dropped';

export function slotCount(record: NodeRecord): number {
  if (record.type === 'end') return 0;
  return record.kind === 'CONDITION' ? 2 : 1;
}

function claimOf(record: NodeRecord, records: Map<string, NodeRecord>): Claim {
  let parentId = record.parentId;
  if (parentId === null) return 'orphan';
  let slot: number = slotFor(records.get(parentId)?.kind, record.direction);
  for (let steps = 0; steps <= records.size; steps += 1) {
    const parent = records.get(parentId);
    if (!parent) return 'orphan';
    if (!parent.removed || parentId === ROOT_NODE_ID) return { parentId, slot, forwarded: steps > 0 };
    if (parent.mergedInto !== null) {
      parentId = parent.mergedInto;
      continue;
    }
    if (parent.kind === 'ACTION' && slot === 0) {
      // A deleted step that lost its own place (an undo in one tab of a move another tab had built on can
      // leave its parent pointer empty) cannot forward: what hangs below it is attached like an orphan.
      if (parent.parentId === null) return 'orphan';
      slot = slotFor(records.get(parent.parentId)?.kind, parent.direction);
      parentId = parent.parentId;
      continue;
    }
    return 'dropped';
  }
  return 'orphan';
}

/** rank: 0 pushed down by an earlier conflict, 1 forwarded from a deleted node, 2 hung there directly. */
type Candidate = { id: string; rank: number; end: boolean };

function compareCandidates(a: Candidate, b: Candidate): number {
  if (a.end !== b.end) return a.end ? 1 : -1;
  if (a.rank !== b.rank) return a.rank - b.rank;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function deriveWorkflowTree(records: Map<string, NodeRecord>): DerivedTree {
  const rootRecord = records.get(ROOT_NODE_ID);
  const claims = new Map<string, string[][]>();
  const forwarded = new Set<string>();
  const dropped = new Set<string>();
  for (const record of records.values()) {
    if (record.removed || record.id === ROOT_NODE_ID) continue;
    const claim = claimOf(record, records);
    if (claim === 'dropped') {
      dropped.add(record.id);
      continue;
    }
    if (claim === 'orphan') continue;
    const parent = records.get(claim.parentId) as NodeRecord;
    const slots = slotCount(parent);
    if (slots === 0) continue;
    const slot = claim.slot < slots ? claim.slot : 0;
    let perSlot = claims.get(claim.parentId);
    if (!perSlot) {
      perSlot = [[], []];
      claims.set(claim.parentId, perSlot);
    }
    (perSlot[slot] as string[]).push(record.id);
    if (claim.forwarded) forwarded.add(record.id);
  }

  const rootClaims = claims.get(ROOT_NODE_ID);
  const rootLive =
    rootRecord !== undefined && (!rootRecord.removed || rootClaims?.some((list) => list.length > 0) === true);
  if (!rootLive) {
    const hidden = [...records.values()].filter((r) => !r.removed && r.id !== ROOT_NODE_ID).map((r) => r.id);
    return { rootId: null, children: new Map(), parent: new Map(), order: [], hidden: hidden.sort() };
  }

  const extra = new Map<string, string[]>();
  let result = traverse(records, claims, forwarded, extra);
  for (let round = 0; round < 10; round += 1) {
    const orphans = [...records.values()]
      .filter((r) => !r.removed && r.id !== ROOT_NODE_ID && !dropped.has(r.id) && !result.visited.has(r.id))
      .filter((r) => !result.duplicateEnds.has(r.id))
      .map((r) => r.id)
      .sort();
    if (orphans.length === 0) break;
    const heads = orphanHeads(orphans, records);
    const target = firstFreeSlot(result, records);
    if (!target) break;
    const key = `${target.parentId}:${target.slot}`;
    extra.set(key, [...(extra.get(key) ?? []), ...heads]);
    result = traverse(records, claims, forwarded, extra);
  }
  const hidden = [...records.values()]
    .filter((r) => !r.removed && r.id !== ROOT_NODE_ID && !result.visited.has(r.id))
    .map((r) => r.id)
    .sort();
  return {
    rootId: ROOT_NODE_ID,
    children: result.children,
    parent: result.parent,
    order: result.order,
    hidden,
  };
}

type Traversal = {
  visited: Set<string>;
  children: Map<string, string[]>;
  parent: Map<string, { parentId: string | null; slot: 0 | 1 }>;
  order: string[];
  duplicateEnds: Set<string>;
};

function traverse(
  records: Map<string, NodeRecord>,
  claims: Map<string, string[][]>,
  forwarded: Set<string>,
  extra: Map<string, string[]>,
): Traversal {
  const visited = new Set<string>([ROOT_NODE_ID]);
  const children = new Map<string, string[]>();
  const parent = new Map<string, { parentId: string | null; slot: 0 | 1 }>();
  const order: string[] = [];
  const duplicateEnds = new Set<string>();
  const pushed = new Map<string, string[]>();
  parent.set(ROOT_NODE_ID, { parentId: null, slot: 0 });
  const stack: string[] = [ROOT_NODE_ID];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    order.push(id);
    const record = records.get(id) as NodeRecord;
    const slots = slotCount(record);
    const own: string[] = [];
    for (let slot = 0; slot < slots; slot += 1) {
      const real = claims.get(id)?.[slot];
      const extraList = extra.size > 0 ? extra.get(`${id}:${slot}`) : undefined;
      const pushedList = slot === 0 ? pushed.get(id) : undefined;
      // Fast path: one claimant and nothing pushed (the normal case).
      if (!extraList && !pushedList && (!real || real.length <= 1)) {
        const only = real?.[0];
        if (only === undefined || visited.has(only)) {
          own.push('');
          continue;
        }
        visited.add(only);
        own.push(only);
        parent.set(only, { parentId: id, slot: slot as 0 | 1 });
        continue;
      }
      const candidates: Candidate[] = [];
      const seen = new Set<string>();
      const add = (candidateId: string, rank: number) => {
        if (visited.has(candidateId) || seen.has(candidateId)) return;
        seen.add(candidateId);
        candidates.push({ id: candidateId, rank, end: records.get(candidateId)?.type === 'end' });
      };
      for (const candidateId of extraList ?? []) add(candidateId, 0);
      for (const candidateId of pushedList ?? []) add(candidateId, 0);
      for (const candidateId of real ?? []) add(candidateId, forwarded.has(candidateId) ? 1 : 2);
      candidates.sort(compareCandidates);
      const first = candidates[0];
      if (!first) {
        own.push('');
        continue;
      }
      visited.add(first.id);
      own.push(first.id);
      parent.set(first.id, { parentId: id, slot: slot as 0 | 1 });
      const rest = candidates.slice(1).map((c) => c.id);
      if (rest.length > 0) {
        const firstRecord = records.get(first.id) as NodeRecord;
        if (slotCount(firstRecord) > 0) pushed.set(first.id, [...(pushed.get(first.id) ?? []), ...rest]);
        else for (const restId of rest) duplicateEnds.add(restId);
      }
    }
    if (record.kind === 'ACTION' && record.type !== 'end' && own[0] === '') own.length = 0;
    children.set(id, own);
    for (let index = own.length - 1; index >= 0; index -= 1) {
      const childId = own[index] as string;
      if (childId !== '') stack.push(childId);
    }
  }
  return { visited, children, parent, order, duplicateEnds };
}

function orphanHeads(orphans: string[], records: Map<string, NodeRecord>): string[] {
  const orphanSet = new Set(orphans);
  const heads = new Set<string>();
  for (const id of orphans) {
    let current = id;
    const walked = new Set<string>([current]);
    for (;;) {
      const parentId = records.get(current)?.parentId ?? null;
      if (parentId === null || !orphanSet.has(parentId) || walked.has(parentId)) break;
      current = parentId;
      walked.add(current);
    }
    heads.add(current);
  }
  // Keep one head per connected piece: a head reached from another head's piece is not needed, but
  // attaching it twice is harmless (the traversal visits each node once).
  return [...heads].sort();
}

function firstFreeSlot(
  result: Traversal,
  records: Map<string, NodeRecord>,
): { parentId: string; slot: number } | null {
  for (const id of result.order) {
    const own = result.children.get(id) ?? [];
    const record = records.get(id) as NodeRecord;
    const slots = slotCount(record);
    for (let slot = 0; slot < slots; slot += 1) {
      const childId = own[slot] ?? '';
      if (childId === '' || records.get(childId)?.type === 'end') return { parentId: id, slot };
    }
  }
  return null;
}
