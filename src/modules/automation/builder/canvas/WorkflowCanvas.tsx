import {
  Background,
  BackgroundVariant,
  Controls,
  type EdgeTypes,
  MiniMap,
  type NodeTypes,
  ReactFlow,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import { nodeTitleOf } from '../../../../domain/workflowGraphRules.ts';
import type { CanvasModel } from '../../../../engine/buildCanvasModel.ts';
import { STEP_TITLES } from '../../../../engine/nodeDefaults.ts';
import { useBuilder } from '../hooks/BuilderContext.ts';
import { AddSlotNode } from './AddSlotNode.tsx';
import type { BuilderFlowEdge, BuilderFlowNode } from './canvasTypes.ts';
import { FitViewEffect } from './FitViewEffect.tsx';
import { InsertEdge } from './InsertEdge.tsx';
import { StepNode } from './StepNode.tsx';
import { TriggerNode } from './TriggerNode.tsx';

const NODE_TYPES: NodeTypes = {
  trigger: TriggerNode,
  sendEmail: StepNode,
  addToList: StepNode,
  delay: StepNode,
  condition: StepNode,
  end: StepNode,
  add: AddSlotNode,
};
const EDGE_TYPES: EdgeTypes = { insert: InsertEdge };
const PRO_OPTIONS = { hideAttribution: true };

const MINIMAP_COLORS: Record<string, string> = {
  trigger: '#001760',
  sendEmail: '#1ec252',
  addToList: '#1c4fb0',
  delay: '#8a4a00',
  condition: '#34499a',
  end: '#5f6a80',
  add: '#d9dfea',
};

function ariaLabelOf(node: CanvasModel['nodes'][number]): string | undefined {
  const data = node.data;
  if (data.kind === 'trigger') return `Trigger: ${data.trigger.trigger_name}`;
  if (data.kind === 'step') return `${nodeTitleOf(data.node)} (${STEP_TITLES[data.node.type]} step)`;
  return undefined;
}

/**
 * The canvas: the engine's canvas model (laid out top-down from the trigger and root "0") drawn by React
 * Flow with the builder's memoised node components, zoom, pan, fit view, controls and a minimap. Node
 * positions come from the automatic layout (nodes are not dragged); a click selects a step (its editor).
 */
export function WorkflowCanvas({ selectedId }: { selectedId: string | null }) {
  const { draft, select } = useBuilder();
  const model = useSyncExternalStore(draft.subscribe, draft.getCanvasModel, draft.getCanvasModel);

  // The engine returns an unchanged node or edge as the same object between changes: keep the React Flow
  // object made from it too, so React Flow re-renders only what changed (not all 500 nodes per edit).
  const nodeCache = useRef(
    new WeakMap<CanvasModel['nodes'][number], { selected: boolean; flow: BuilderFlowNode }>(),
  );
  const edgeCache = useRef(new WeakMap<CanvasModel['edges'][number], BuilderFlowEdge>());
  const nodes = useMemo<BuilderFlowNode[]>(
    () =>
      model.nodes.map((node) => {
        const selected = node.id === selectedId;
        const kept = nodeCache.current.get(node);
        if (kept && kept.selected === selected) return kept.flow;
        const flow = {
          id: node.id,
          type: node.type,
          position: node.position,
          width: node.width,
          height: node.height,
          data: node.data,
          selected,
          draggable: false,
          selectable: node.type !== 'add',
          focusable: node.type !== 'add',
          ariaLabel: ariaLabelOf(node),
        } as BuilderFlowNode;
        nodeCache.current.set(node, { selected, flow });
        return flow;
      }),
    [model.nodes, selectedId],
  );
  const edges = useMemo<BuilderFlowEdge[]>(
    () =>
      model.edges.map((edge) => {
        const kept = edgeCache.current.get(edge);
        if (kept) return kept;
        const flow: BuilderFlowEdge = {
          id: edge.id,
          type: 'insert' as const,
          source: edge.source,
          target: edge.target,
          sourceHandle: edge.sourceHandle,
          label: edge.label ?? undefined,
          data: edge.data,
          focusable: false,
          selectable: false,
        };
        edgeCache.current.set(edge, flow);
        return flow;
      }),
    [model.edges],
  );

  const onNodeClick = useCallback(
    (_event: unknown, node: BuilderFlowNode) => {
      if (node.type !== 'add') select(node.id);
    },
    [select],
  );
  const onPaneClick = useCallback(() => select(null), [select]);
  const minimapColor = useCallback(
    (node: BuilderFlowNode) => MINIMAP_COLORS[node.type ?? 'add'] ?? '#c2cad8',
    [],
  );

  return (
    <ReactFlow<BuilderFlowNode, BuilderFlowEdge>
      nodes={nodes}
      edges={edges}
      nodeTypes={NODE_TYPES}
      edgeTypes={EDGE_TYPES}
      onNodeClick={onNodeClick}
      onPaneClick={onPaneClick}
      nodesDraggable={false}
      nodesConnectable={false}
      deleteKeyCode={null}
      minZoom={0.2}
      maxZoom={1.75}
      fitView
      fitViewOptions={{ padding: 0.2, maxZoom: 1 }}
      proOptions={PRO_OPTIONS}
      aria-label="Workflow canvas"
    >
      <Background variant={BackgroundVariant.Dots} gap={20} size={1.2} color="#c2cad8" />
      <Controls showInteractive={false} position="bottom-left" aria-label="Zoom controls" />
      <MiniMap<BuilderFlowNode>
        pannable
        zoomable
        nodeColor={minimapColor}
        position="bottom-right"
        ariaLabel="Minimap of the workflow"
        className="builder-minimap"
      />
      <FitViewEffect structureKey={model.nodes.length} />
    </ReactFlow>
  );
}
