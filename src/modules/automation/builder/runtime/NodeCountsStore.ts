import type { NodeCount, WorkflowNodeCounts } from '../../../../../domain/workflowRuntimeTypes.ts';

const sameCount = (a: NodeCount, b: NodeCount) =>
  a.passed === b.passed && a.waiting === b.waiting && a.left === b.left;

/**
 * The latest per-node counts of a workflow (workflow_node_counts/), as an external store the canvas'
 * nodes read one node at a time: a node's count object stays the same until its numbers change, so a
 * refresh re-renders only the nodes whose counts moved.
 */
export class NodeCountsStore {
  private counts = new Map<string, NodeCount>();
  private totals: WorkflowNodeCounts['totals'] | null = null;
  private listeners = new Set<() => void>();

  set(data: WorkflowNodeCounts): void {
    const next = new Map<string, NodeCount>();
    for (const count of data.nodes) {
      const before = this.counts.get(count.node_id);
      next.set(count.node_id, before && sameCount(before, count) ? before : count);
    }
    const before = this.totals;
    const totalsSame = before !== null && JSON.stringify(before) === JSON.stringify(data.totals);
    const changed =
      !totalsSame ||
      next.size !== this.counts.size ||
      [...next].some(([id, count]) => this.counts.get(id) !== count);
    this.counts = next;
    if (!totalsSame) this.totals = data.totals;
    if (changed) for (const listener of this.listeners) listener();
  }

  get = (nodeId: string): NodeCount | undefined => this.counts.get(nodeId);

  getTotals = (): WorkflowNodeCounts['totals'] | null => this.totals;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
