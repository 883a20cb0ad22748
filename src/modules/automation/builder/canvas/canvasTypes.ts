import type { Edge, Node } from '@xyflow/react';
import type {
  AddNodeData,
  CanvasEdge,
  StepNodeData,
  TriggerNodeData,
} from '../../../../engine/buildCanvasModel.ts';

/** React Flow's node and edge types of the builder's canvas (the engine's canvas model, typed for React Flow). */
export type TriggerFlowNode = Node<TriggerNodeData, 'trigger'>;
/** publishProblem: why a refused publish was refused at this step (the canvas marks it). */
export type StepFlowNode = Node<
  StepNodeData & { publishProblem?: string },
  'sendEmail' | 'addToList' | 'delay' | 'condition' | 'end'
>;
export type AddFlowNode = Node<AddNodeData, 'add'>;
export type BuilderFlowNode = TriggerFlowNode | StepFlowNode | AddFlowNode;
export type BuilderFlowEdge = Edge<CanvasEdge['data'], 'insert'>;
