import { describe, expect, it } from 'vitest';
import { deriveWorkflowTree } from '../../src/engine/deriveWorkflowTree.ts';
import type { NodeRecord } from '../../src/engine/workflowDoc.ts';

function rec(
  id: string,
  type: NodeRecord['type'],
  parentId: string | null,
  extra: Partial<NodeRecord> = {},
): NodeRecord {
  return {
    id,
    kind: type === 'If / Else' ? 'CONDITION' : 'ACTION',
    type,
    parentId,
    direction: null,
    removed: false,
    mergedInto: null,
    ...extra,
  };
}

function records(...list: NodeRecord[]): Map<string, NodeRecord> {
  return new Map(list.map((r) => [r.id, r]));
}

describe('deriveWorkflowTree', () => {
  it('derives child lists from parent pointers, a condition by direction', () => {
    const tree = deriveWorkflowTree(
      records(
        rec('0', 'If / Else', null),
        rec('r', 'delay', '0', { direction: 'right' }),
        rec('l', 'end', '0', { direction: 'left' }),
      ),
    );
    expect(tree.children.get('0')).toEqual(['l', 'r']);
    expect(tree.children.get('r')).toEqual([]);
    expect(tree.order).toEqual(['0', 'l', 'r']);
    expect(tree.parent.get('r')).toEqual({ parentId: '0', slot: 1 });
  });

  it('is empty without a live root, and revives a deleted root something still hangs under', () => {
    expect(deriveWorkflowTree(records()).rootId).toBeNull();
    expect(deriveWorkflowTree(records(rec('0', 'delay', null, { removed: true }))).rootId).toBeNull();
    const revived = deriveWorkflowTree(
      records(rec('0', 'delay', null, { removed: true }), rec('a', 'delay', '0')),
    );
    expect(revived.order).toEqual(['0', 'a']);
  });

  it('forwards through deleted actions, drops what hangs under a deleted condition', () => {
    const tree = deriveWorkflowTree(
      records(
        rec('0', 'delay', null),
        rec('x', 'delay', '0', { removed: true }),
        rec('y', 'send email', 'x'),
        rec('c', 'If / Else', 'y', { removed: true }),
        rec('z', 'delay', 'c', { direction: 'left' }),
      ),
    );
    expect(tree.order).toEqual(['0', 'y']);
    expect(tree.hidden).toEqual(['z']);
  });

  it('attaches nodes whose parent is missing or is an end at the first free slot', () => {
    const tree = deriveWorkflowTree(
      records(
        rec('0', 'If / Else', null),
        rec('e', 'end', '0', { direction: 'left' }),
        rec('lost', 'delay', 'nowhere'),
        rec('under-end', 'delay', 'e'),
      ),
    );
    expect(new Set(tree.order)).toEqual(new Set(['0', 'e', 'lost', 'under-end']));
    expect(tree.hidden).toEqual([]);
    // The end stays last on its line.
    const line: string[] = [];
    let current = tree.children.get('0')?.[0] ?? '';
    while (current) {
      line.push(current);
      current = tree.children.get(current)?.[0] ?? '';
    }
    expect(line.at(-1)).toBe('e');
  });

  it('a cycle (crossed moves) is cut and attached', () => {
    const tree = deriveWorkflowTree(
      records(rec('0', 'delay', null), rec('a', 'delay', 'b'), rec('b', 'delay', 'a')),
    );
    expect(tree.order).toHaveLength(3);
    expect(tree.hidden).toEqual([]);
  });
  it('keeps what hangs below a deleted step that lost its own place (an undo against another tab’s move)', () => {
    const tree = deriveWorkflowTree(
      records(
        rec('0', 'send email', null),
        rec('a', 'delay', '0'),
        rec('gone', 'send email', null, { removed: true }),
        rec('kept', 'add to list', 'gone'),
      ),
    );
    expect(tree.hidden).toEqual([]);
    expect(tree.order).toEqual(['0', 'a', 'kept']);
  });
});
