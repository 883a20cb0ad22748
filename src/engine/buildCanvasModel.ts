import { type HierarchyPointNode, hierarchy, tree } from 'd3';
import { ROOT_NODE_ID } from '../../domain/workflowGraphRules.ts';
import type { ControlName, FlowNode, WorkflowFlow } from '../../domain/workflowTypes.ts';
import type { SlotRef } from './commands/readWorkflowTree.ts';
import type { WorkflowTriggerFields } from './workflowDoc.ts';

/**
 * Flow -> canvas model: plain node and edge objects in React Flow's shape (no React Flow import), laid
 * out top-down by d3-hierarchy's tidy tree:
 * - the trigger node (id "trigger") on top, then the root "0", each step below its parent;
 * - a condition's childNodes[0] ("yes", handle "yes") on the left, [1] ("no", handle "no") on the right;
 * - an "add" placeholder (id "add:<parentId>:<slot>", or "add:first" under the trigger of an empty
 *   workflow) in every empty slot where a step can go (an end has none);
 * - every edge carries data.at, the slot it enters: adding there inserts a step on that edge.
 * Positions are top-left corners (React Flow's convention) of boxes of NODE_SIZE (ADD_SIZE for
 * placeholders), centred on the tree's columns.
 *
 * createCanvasModelBuilder() memoises: the layout is recomputed only when the structure changes (not
 * on a detail edit), and node/edge objects that did not change are returned as the SAME objects, so
 * memoised React components do not re-render.
 */

export const NODE_SIZE = { width: 240, height: 72 } as const;
export const ADD_SIZE = { width: 32, height: 32 } as const;
export const COLUMN_GAP = 40;
export const ROW_GAP = 56;
export const TRIGGER_NODE_ID = 'trigger';

export type CanvasStepType = 'sendEmail' | 'addToList' | 'delay' | 'condition' | 'end';
export type CanvasNodeType = 'trigger' | CanvasStepType | 'add';

export const CANVAS_TYPE_OF: Record<ControlName, CanvasStepType> = {
  'send email': 'sendEmail',
  'add to list': 'addToList',
  delay: 'delay',
  'If / Else': 'condition',
  end: 'end',
};

export type TriggerNodeData = {
  kind: 'trigger';
  trigger: WorkflowTriggerFields;
  /** True when the workflow has steps but no end step (spec 01 section 5: flagged on the canvas). */
  missingEnd: boolean;
};
export type StepNodeData = { kind: 'step'; node: FlowNode; isNewlyAdded: boolean; hasError: boolean };
export type AddNodeData = { kind: 'add'; at: SlotRef };
export type CanvasNodeData = TriggerNodeData | StepNodeData | AddNodeData;

export type CanvasNode = {
  id: string;
  type: CanvasNodeType;
  position: { x: number; y: number };
  width: number;
  height: number;
  data: CanvasNodeData;
};

export type CanvasEdge = {
  id: string;
  source: string;
  target: string;
  sourceHandle: 'yes' | 'no' | null;
  label: 'Yes' | 'No' | null;
  data: { at: SlotRef };
};

export type CanvasModel = { nodes: CanvasNode[]; edges: CanvasEdge[] };

export type CanvasContext = {
  meta: WorkflowTriggerFields;
  newlyAdded?: readonly string[];
};

type LayoutItem = { id: string; children: LayoutItem[] };

function addId(at: SlotRef): string {
  return at.parentId === null ? 'add:first' : `add:${at.parentId}:${at.slot}`;
}

/** The layout tree: trigger -> root -> ... with placeholders in empty slots. */
function layoutTree(flow: WorkflowFlow): LayoutItem {
  const build = (id: string): LayoutItem => {
    const node = flow[id] as FlowNode;
    const slots = node.type === 'end' ? 0 : node.kind === 'CONDITION' ? 2 : 1;
    const children: LayoutItem[] = [];
    for (let slot = 0; slot < slots; slot += 1) {
      const child = node.childNodes[slot] ?? '';
      if (child !== '' && flow[child]) children.push(build(child));
      else children.push({ id: addId({ parentId: id, slot: slot as 0 | 1 }), children: [] });
    }
    return { id, children };
  };
  const top = flow[ROOT_NODE_ID]
    ? build(ROOT_NODE_ID)
    : { id: addId({ parentId: null, slot: 0 }), children: [] };
  return { id: TRIGGER_NODE_ID, children: [top] };
}

/** Centre points of every layout item, by id. */
function computePositions(root: LayoutItem): Map<string, { x: number; y: number }> {
  const layout = tree<LayoutItem>()
    .nodeSize([NODE_SIZE.width + COLUMN_GAP, NODE_SIZE.height + ROW_GAP])
    .separation((a, b) => (a.parent === b.parent ? 1 : 1.1));
  const laidOut = layout(hierarchy(root, (item) => item.children));
  const positions = new Map<string, { x: number; y: number }>();
  laidOut.each((item: HierarchyPointNode<LayoutItem>) => {
    positions.set(item.data.id, { x: item.x, y: item.y });
  });
  return positions;
}

function structureKey(flow: WorkflowFlow): string {
  const parts: string[] = [];
  for (const [id, node] of Object.entries(flow))
    parts.push(`${id}:${node.type}>${node.childNodes.join(',')}`);
  return parts.sort().join('|');
}

function build(
  flow: WorkflowFlow,
  context: CanvasContext,
  positions: Map<string, { x: number; y: number }>,
  layout: LayoutItem,
): CanvasModel {
  const nodes: CanvasNode[] = [];
  const edges: CanvasEdge[] = [];
  const newly = new Set(context.newlyAdded ?? []);
  const hasSteps = Object.keys(flow).length > 0;
  const missingEnd = hasSteps && !Object.values(flow).some((node) => node.type === 'end');
  const place = (id: string, size: { width: number; height: number }) => {
    const centre = positions.get(id) ?? { x: 0, y: 0 };
    return { x: centre.x - size.width / 2, y: centre.y + (NODE_SIZE.height - size.height) / 2 };
  };
  const t = context.meta;
  nodes.push({
    id: TRIGGER_NODE_ID,
    type: 'trigger',
    position: place(TRIGGER_NODE_ID, NODE_SIZE),
    ...NODE_SIZE,
    data: {
      kind: 'trigger',
      trigger: {
        trigger_id: t.trigger_id,
        trigger_name: t.trigger_name,
        email_id: t.email_id,
        email_name: t.email_name,
        list_id: t.list_id,
        list_name: t.list_name,
        sp_uuid: t.sp_uuid,
        sp_name: t.sp_name,
      },
      missingEnd,
    },
  });
  const stack: { item: LayoutItem; parent: string; at: SlotRef; handle: 'yes' | 'no' | null }[] = [];
  const first = layout.children[0] as LayoutItem;
  stack.push({ item: first, parent: TRIGGER_NODE_ID, at: { parentId: null, slot: 0 }, handle: null });
  while (stack.length > 0) {
    const { item, parent, at, handle } = stack.pop() as (typeof stack)[number];
    const step = flow[item.id];
    if (step) {
      nodes.push({
        id: item.id,
        type: CANVAS_TYPE_OF[step.type],
        position: place(item.id, NODE_SIZE),
        ...NODE_SIZE,
        data: {
          kind: 'step',
          node: step,
          isNewlyAdded: newly.has(item.id),
          hasError: step.detail.error === true,
        },
      });
    } else {
      nodes.push({
        id: item.id,
        type: 'add',
        position: place(item.id, ADD_SIZE),
        ...ADD_SIZE,
        data: { kind: 'add', at },
      });
    }
    edges.push({
      id: `e:${parent}->${item.id}`,
      source: parent,
      target: item.id,
      sourceHandle: handle,
      label: handle === 'yes' ? 'Yes' : handle === 'no' ? 'No' : null,
      data: { at },
    });
    const isCondition = step?.kind === 'CONDITION';
    for (let index = item.children.length - 1; index >= 0; index -= 1) {
      const child = item.children[index] as LayoutItem;
      stack.push({
        item: child,
        parent: item.id,
        at: { parentId: item.id, slot: index as 0 | 1 },
        handle: isCondition ? (index === 0 ? 'yes' : 'no') : null,
      });
    }
  }
  return { nodes, edges };
}

/** One-shot conversion (no memo). */
export function buildCanvasModel(flow: WorkflowFlow, context: CanvasContext): CanvasModel {
  const layout = layoutTree(flow);
  return build(flow, context, computePositions(layout), layout);
}

function sameNode(a: CanvasNode, b: CanvasNode): boolean {
  if (a.type !== b.type || a.position.x !== b.position.x || a.position.y !== b.position.y) return false;
  if (a.data.kind === 'step' && b.data.kind === 'step') {
    if (a.data.isNewlyAdded !== b.data.isNewlyAdded || a.data.hasError !== b.data.hasError) return false;
    // Identity first (createFlowReader keeps unchanged FlowNodes), else compare the content.
    if (a.data.node === b.data.node) return true;
  }
  return JSON.stringify(a.data) === JSON.stringify(b.data);
}

function sameEdge(a: CanvasEdge, b: CanvasEdge): boolean {
  return (
    a.source === b.source &&
    a.target === b.target &&
    a.sourceHandle === b.sourceHandle &&
    a.data.at.parentId === b.data.at.parentId &&
    a.data.at.slot === b.data.at.slot
  );
}

/** A memoising builder (one per open canvas). */
export function createCanvasModelBuilder(): (flow: WorkflowFlow, context: CanvasContext) => CanvasModel {
  let lastKey: string | null = null;
  let lastLayout: LayoutItem | null = null;
  let lastPositions: Map<string, { x: number; y: number }> | null = null;
  let lastNodes = new Map<string, CanvasNode>();
  let lastEdges = new Map<string, CanvasEdge>();
  return (flow, context) => {
    const key = structureKey(flow);
    if (key !== lastKey || !lastLayout || !lastPositions) {
      lastLayout = layoutTree(flow);
      lastPositions = computePositions(lastLayout);
      lastKey = key;
    }
    const model = build(flow, context, lastPositions, lastLayout);
    const nodes = model.nodes.map((node) => {
      const previous = lastNodes.get(node.id);
      return previous && sameNode(previous, node) ? previous : node;
    });
    const edges = model.edges.map((edge) => {
      const previous = lastEdges.get(edge.id);
      return previous && sameEdge(previous, edge) ? previous : edge;
    });
    lastNodes = new Map(nodes.map((node) => [node.id, node]));
    lastEdges = new Map(edges.map((edge) => [edge.id, edge]));
    return { nodes, edges };
  };
}

/**
 * Canvas model -> flow: the steps' nodes, with parentId, direction and childNodes rebuilt from the edges
 * (the inverse of buildCanvasModel, used to check that the canvas shows exactly the flow).
 */
export function canvasToFlow(model: CanvasModel): WorkflowFlow {
  const flow: WorkflowFlow = {};
  for (const node of model.nodes) {
    if (node.data.kind !== 'step') continue;
    const step = node.data.node;
    const slots = step.type === 'end' ? 0 : step.kind === 'CONDITION' ? 2 : 1;
    flow[node.id] = {
      ...step,
      parentId: null,
      direction: null,
      childNodes: Array.from({ length: slots }, () => ''),
    };
  }
  for (const edge of model.edges) {
    const child = flow[edge.target];
    const parent = flow[edge.source];
    if (!child || !parent) continue;
    const slot = edge.data.at.slot;
    parent.childNodes[slot] = edge.target;
    child.parentId = edge.source;
    child.direction = parent.kind === 'CONDITION' ? (slot === 0 ? 'left' : 'right') : null;
  }
  for (const node of Object.values(flow))
    if (node.kind === 'ACTION') node.childNodes = node.childNodes.filter((c) => c !== '');
  return flow;
}
