import type * as Y from 'yjs';
import type { FlowNode } from '../../../domain/workflowTypes.ts';
import { readWorkflowTree, subtreeOf } from './readWorkflowTree.ts';

/**
 * copyNode: a plain, serialisable clipboard value (no doc reference), to keep in memory or in the system
 * clipboard. scope "node" (default) copies the step alone (an If / Else with empty branches); "subtree"
 * copies it with everything below it. Not a doc change: no transaction is needed, and it is not undone.
 */
export type WorkflowClipboard = {
  format: 'workflow-nodes';
  version: 1;
  rootId: string;
  /** The copied nodes as in the saved flow; childNodes point only inside the copy ("" otherwise). */
  nodes: FlowNode[];
};

export type CopyNodeArgs = { nodeId: string; scope?: 'node' | 'subtree' };

export function copyNode(doc: Y.Doc, args: CopyNodeArgs): WorkflowClipboard | null {
  const ctx = readWorkflowTree(doc);
  const flow = ctx.flow();
  if (!flow[args.nodeId]) return null;
  const ids = args.scope === 'subtree' ? subtreeOf(ctx, args.nodeId) : [args.nodeId];
  const inside = new Set(ids);
  const nodes = ids.map((id) => {
    const node = flow[id] as FlowNode;
    const childNodes = node.childNodes.map((child) => (inside.has(child) ? child : ''));
    return {
      ...structuredClone(node),
      parentId: id === args.nodeId ? null : node.parentId,
      direction: id === args.nodeId ? null : node.direction,
      childNodes: node.kind === 'ACTION' ? childNodes.filter((child) => child !== '') : childNodes,
    };
  });
  return { format: 'workflow-nodes', version: 1, rootId: args.nodeId, nodes };
}

/** True when a value (say, parsed from the system clipboard) is a WorkflowClipboard. */
export function isWorkflowClipboard(value: unknown): value is WorkflowClipboard {
  if (typeof value !== 'object' || value === null) return false;
  const clip = value as Partial<WorkflowClipboard>;
  return (
    clip.format === 'workflow-nodes' &&
    clip.version === 1 &&
    typeof clip.rootId === 'string' &&
    Array.isArray(clip.nodes) &&
    clip.nodes.some((node) => node?.nodeId === clip.rootId)
  );
}
