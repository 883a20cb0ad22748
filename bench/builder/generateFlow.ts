import { validateFlowStructure } from '../../domain/workflowGraphRules.ts';
import type { Condition, ControlName, FlowNode, WorkflowFlow } from '../../domain/workflowTypes.ts';
import { createNodeDetail, kindOf } from '../../src/engine/nodeDefaults.ts';

/** A valid flow of `total` nodes: a chain with an If / Else every 10th step (an end on its "no" branch). */
export function generateFlow(
  total: number,
  emailIds: number[],
  list: { id: number; name: string },
): WorkflowFlow {
  const flow: WorkflowFlow = {};
  let previous: { id: string; slot: 0 | 1 } | null = null;
  let lastEmail: number | null = null;
  let index = 0;
  const place = (
    nodeId: string,
    type: ControlName,
    parent: { id: string; slot: 0 | 1 } | null,
    extra = {},
  ) => {
    const parentNode = parent ? (flow[parent.id] as FlowNode) : null;
    const node: FlowNode = {
      nodeId,
      kind: kindOf(type),
      type,
      parentId: parent?.id ?? null,
      direction: parentNode?.kind === 'CONDITION' ? (parent?.slot === 0 ? 'left' : 'right') : null,
      childNodes: type === 'If / Else' ? ['', ''] : [],
      detail: createNodeDetail(type, nodeId, {
        title: `Step ${nodeId}`,
        nodeTitle: `Step ${nodeId}`,
        ...extra,
      }),
    };
    if (parentNode && parent) {
      if (parentNode.kind === 'CONDITION') parentNode.childNodes[parent.slot] = nodeId;
      else parentNode.childNodes = [nodeId];
    }
    flow[nodeId] = node;
  };
  while (Object.keys(flow).length < total - 1) {
    const id = index === 0 ? '0' : `n${index}`;
    const remaining = total - 1 - Object.keys(flow).length;
    let type: ControlName = (['send email', 'delay', 'add to list'] as const)[index % 3] as ControlName;
    if (index % 10 === 5 && remaining >= 2 && lastEmail !== null) type = 'If / Else';
    if (type === 'send email') {
      const emailId = emailIds[index % emailIds.length] as number;
      lastEmail = emailId;
      place(id, type, previous, { emailId, emailName: `Email ${emailId}`, designReady: true });
    } else if (type === 'add to list') {
      place(id, type, previous, { list });
    } else if (type === 'delay') {
      place(id, type, previous, { duration: { value: 1 + (index % 5), unit: 'days' } });
    } else {
      const condition: Condition = {
        conditionType: 'has opened',
        controlId: 1,
        controlName: 'has opened',
        emailId: lastEmail,
        emailName: `Email ${lastEmail}`,
      };
      place(id, type, previous, { conditions: [condition], connector: 'AND' });
      place(`end${index}`, 'end', { id, slot: 1 });
    }
    previous = { id, slot: 0 };
    index += 1;
  }
  place('end', 'end', previous);
  const problems = validateFlowStructure(flow);
  if (problems.length > 0) throw new Error(`generated flow is invalid: ${problems[0]?.message}`);
  return flow;
}
