import type { ControlName, FlowNode, WorkflowFlow } from '../../domain/workflowTypes.ts';

/** A node of the saved flow, with a consistent detail. */
export function node(
  nodeId: string,
  type: ControlName,
  parentId: string | null,
  childNodes: string[],
  extra: Partial<FlowNode['detail']> & { direction?: FlowNode['direction'] } = {},
): FlowNode {
  const { direction = null, ...detail } = extra;
  const isCondition = type === 'If / Else';
  return {
    nodeId,
    kind: isCondition ? 'CONDITION' : 'ACTION',
    type,
    parentId,
    direction,
    childNodes,
    detail: {
      controlName: type,
      controlType: isCondition ? 'condition' : 'action',
      controlId: 1,
      nodeId,
      title: `Step ${nodeId}`,
      nodeTitle: type,
      error: false,
      ...detail,
    },
  };
}

/** send email (0) -> If / Else (1) -> yes: add to list (2) -> end (4); no: delay (3) -> end (5). */
export function sampleFlow(): WorkflowFlow {
  return {
    '0': node('0', 'send email', null, ['1'], { emailId: 1, emailName: 'Welcome', title: 'Send welcome' }),
    '1': node('1', 'If / Else', '0', ['2', '3'], {
      conditions: [{ conditionType: 'has opened', controlId: 1, controlName: 'has opened', emailId: 1 }],
      connector: 'AND',
    }),
    '2': node('2', 'add to list', '1', ['4'], { direction: 'left', list: { id: 3, name: 'Readers' } }),
    '3': node('3', 'delay', '1', ['5'], {
      direction: 'right',
      radioValue: 1,
      duration: { value: 2, unit: 'days' },
    }),
    '4': node('4', 'end', '2', []),
    '5': node('5', 'end', '3', []),
  };
}

/** The node of a flow (the test fails when it is missing). */
export function at(flow: WorkflowFlow, id: string): FlowNode {
  const found = flow[id];
  if (!found) throw new Error(`no node ${id}`);
  return found;
}
