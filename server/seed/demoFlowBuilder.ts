import { WORKFLOW_CONTROLS } from '../../domain/workflowCatalogue.ts';
import type { ControlName, FlowNode, NodeDetail, WorkflowFlow } from '../../domain/workflowTypes.ts';

/** A step of a demo flow: an action with an optional next step, or an If / Else with yes and no branches. */
export type DemoStep = {
  type: ControlName;
  title: string;
  detail?: Partial<NodeDetail>;
  next?: DemoStep;
  yes?: DemoStep;
  no?: DemoStep;
};

function controlId(type: ControlName): number {
  return WORKFLOW_CONTROLS.find((c) => c.controlName === type)?.controlId ?? 0;
}

/** Turns a tree of demo steps into the saved flow format (ids "0", "1", ... in tree order). */
export function buildDemoFlow(root: DemoStep | null): WorkflowFlow {
  const flow: WorkflowFlow = {};
  if (!root) return flow;
  let nextId = 0;
  const visit = (step: DemoStep, parentId: string | null, direction: FlowNode['direction']): string => {
    const nodeId = String(nextId);
    nextId += 1;
    const isCondition = step.type === 'If / Else';
    const node: FlowNode = {
      nodeId,
      kind: isCondition ? 'CONDITION' : 'ACTION',
      type: step.type,
      parentId,
      direction,
      childNodes: isCondition ? ['', ''] : [],
      detail: {
        controlName: step.type,
        controlType: isCondition ? 'condition' : 'action',
        controlId: controlId(step.type),
        nodeId,
        title: step.title,
        nodeTitle: step.type === 'If / Else' ? 'If / Else' : step.type.replace(/^\w/, (c) => c.toUpperCase()),
        error: false,
        ...step.detail,
      },
    };
    flow[nodeId] = node;
    if (isCondition) {
      if (step.yes) node.childNodes[0] = visit(step.yes, nodeId, 'left');
      if (step.no) node.childNodes[1] = visit(step.no, nodeId, 'right');
    } else if (step.next) {
      node.childNodes = [visit(step.next, nodeId, null)];
    }
    return nodeId;
  };
  visit(root, null, null);
  return flow;
}
