import {
  Background,
  BackgroundVariant,
  Controls,
  type EdgeTypes,
  type NodeTypes,
  ReactFlow,
  ViewportPortal,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { nodeTitleOf } from '../../../../../domain/workflowGraphRules.ts';
import type { CanvasModel } from '../../../../engine/buildCanvasModel.ts';
import { STEP_TITLES } from '../../../../engine/nodeDefaults.ts';
import { useBuilder } from '../hooks/BuilderContext.ts';
import { CountsLegend } from '../runtime/CountsLegend.tsx';
import { AddSlotNode } from './AddSlotNode.tsx';
import { canvasHandles } from './canvasHandles.ts';
import type { BuilderFlowEdge, BuilderFlowNode } from './canvasTypes.ts';
import { FitViewEffect } from './FitViewEffect.tsx';
import { FIT_ALL_MAX_NODES, fitViewOptionsFor } from './fitViewOptionsFor.ts';
import { InsertEdge } from './InsertEdge.tsx';
import { KeepStepsInViewEffect } from './KeepStepsInViewEffect.tsx';
import { RevealSelectedEffect } from './RevealSelectedEffect.tsx';
import { StepNode } from './StepNode.tsx';
import { TriggerNode } from './TriggerNode.tsx';
import { useStepDrag } from './useStepDrag.ts';
import { WorkflowMinimap } from './WorkflowMinimap.tsx';

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

function ariaLabelOf(node: CanvasModel['nodes'][number], problem: string | undefined): string | undefined {
  const data = node.data;
  if (data.kind === 'trigger') return `Trigger: ${data.trigger.trigger_name}`;
  if (data.kind === 'step') {
    const label = `${nodeTitleOf(data.node)} (${STEP_TITLES[data.node.type]} step)`;
    return problem ? `${label}, blocks publishing: ${problem}` : label;
  }
  return undefined;
}

const NO_FAULTS: ReadonlyMap<string, string> = new Map();

/**
 * The canvas: the engine's canvas model (laid out top-down from the trigger and root "0") drawn by React
 * Flow with the builder's memoised node components, zoom, pan, fit view, controls and a minimap. Node
 * positions come from the automatic layout; a step is dragged onto a slot to move it (useStepDrag); a click
 * selects a step (its editor).
 */
export function WorkflowCanvas({
  selectedId,
  faults = NO_FAULTS,
}: {
  selectedId: string | null;
  /** Steps a refused publish named (id -> reason): marked on their cards. */
  faults?: ReadonlyMap<string, string>;
}) {
  const { draft, select, move } = useBuilder();
  const model = useSyncExternalStore(draft.subscribe, draft.getCanvasModel, draft.getCanvasModel);
  const { drag, onNodeDrag, onNodeDragStop } = useStepDrag(model, move);
  // The first view: the whole workflow, or the top of a large one (see fitViewOptionsFor).
  const [fitOptions] = useState(() => fitViewOptionsFor(model));

  // The engine returns an unchanged node or edge as the same object between changes: keep the React Flow
  // object made from it too, so React Flow re-renders only what changed (not all 500 nodes per edit).
  const nodeCache = useRef(
    new WeakMap<
      CanvasModel['nodes'][number],
      { selected: boolean; problem: string | undefined; flow: BuilderFlowNode }
    >(),
  );
  const edgeCache = useRef(new WeakMap<CanvasModel['edges'][number], BuilderFlowEdge>());
  const laidOut = useMemo<BuilderFlowNode[]>(
    () =>
      model.nodes.map((node) => {
        const selected = node.id === selectedId;
        const problem = faults.get(node.id);
        const kept = nodeCache.current.get(node);
        if (kept && kept.selected === selected && kept.problem === problem) return kept.flow;
        const flow = {
          id: node.id,
          type: node.type,
          position: node.position,
          width: node.width,
          height: node.height,
          // The layout's sizes and handles are the drawn ones: saying so keeps React Flow from drawing
          // every node (on open, and each node that only moved) just to measure it, when only the nodes
          // in view need drawing.
          measured: { width: node.width, height: node.height },
          handles: canvasHandles(node),
          data: problem && node.data.kind === 'step' ? { ...node.data, publishProblem: problem } : node.data,
          selected,
          // Steps move by drag and drop onto a slot; the first step stays (its id is the root).
          draggable: node.data.kind === 'step' && node.id !== '0',
          selectable: node.type !== 'add',
          focusable: node.type !== 'add',
          ariaLabel: ariaLabelOf(node, problem),
        } as BuilderFlowNode;
        nodeCache.current.set(node, { selected, problem, flow });
        return flow;
      }),
    [model.nodes, selectedId, faults],
  );
  // While a step is dragged, only that node is drawn at the pointer; the rest keep their objects.
  const nodes = useMemo(
    () =>
      drag
        ? laidOut.map((node) =>
            node.id === drag.nodeId ? { ...node, position: drag.position, dragging: true } : node,
          )
        : laidOut,
    [laidOut, drag],
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

  return (
    <ReactFlow<BuilderFlowNode, BuilderFlowEdge>
      nodes={nodes}
      edges={edges}
      nodeTypes={NODE_TYPES}
      edgeTypes={EDGE_TYPES}
      onNodeClick={onNodeClick}
      onPaneClick={onPaneClick}
      onlyRenderVisibleElements={model.nodes.length > FIT_ALL_MAX_NODES}
      onNodeDrag={onNodeDrag}
      onNodeDragStop={onNodeDragStop}
      nodesConnectable={false}
      deleteKeyCode={null}
      minZoom={0.2}
      maxZoom={1.75}
      fitView
      fitViewOptions={fitOptions}
      proOptions={PRO_OPTIONS}
      aria-label="Workflow canvas"
    >
      <Background variant={BackgroundVariant.Dots} gap={20} size={1.2} color="#c2cad8" />
      <Controls showInteractive={false} position="bottom-left" aria-label="Zoom controls" />
      {/* A workflow that fits in view needs no minimap (it would only cover steps). */}
      {model.nodes.length > FIT_ALL_MAX_NODES ? <WorkflowMinimap model={model} /> : null}
      {drag?.target ? (
        <ViewportPortal>
          <div
            className="builder-drop-target"
            style={{
              transform: `translate(-50%, -50%) translate(${drag.target.point.x}px, ${drag.target.point.y}px)`,
            }}
          >
            Drop here
          </div>
        </ViewportPortal>
      ) : null}
      <CountsLegend />
      <FitViewEffect model={model} />
      <RevealSelectedEffect selectedId={selectedId} />
      <KeepStepsInViewEffect model={model} selectedId={selectedId} />
    </ReactFlow>
  );
}
