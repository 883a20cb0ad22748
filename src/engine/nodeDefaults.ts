import type { ControlName, ControlType, NodeDetail, NodeKind } from '../../domain/workflowTypes.ts';

/**
 * What a new node of each type starts with. controlId normally comes from get_workflow_controls/ (the
 * caller passes it); DEFAULT_CONTROL_IDS is used when it does not.
 */
export const DEFAULT_CONTROL_IDS: Record<ControlName, number> = {
  'send email': 1,
  'add to list': 2,
  delay: 3,
  end: 4,
  'If / Else': 5,
};

export const STEP_TITLES: Record<ControlName, string> = {
  'send email': 'Send email',
  'add to list': 'Add to list',
  delay: 'Delay',
  end: 'End',
  'If / Else': 'If / Else',
};

export function kindOf(type: ControlName): NodeKind {
  return type === 'If / Else' ? 'CONDITION' : 'ACTION';
}

export function controlTypeOf(type: ControlName): ControlType {
  return type === 'If / Else' ? 'condition' : 'action';
}

/** The detail of a new node: the fixed fields, type defaults, then `overrides` (except the fixed ones). */
export function createNodeDetail(
  type: ControlName,
  nodeId: string,
  overrides: Partial<NodeDetail> = {},
  controlId: number = DEFAULT_CONTROL_IDS[type],
): NodeDetail {
  const base: NodeDetail = {
    controlName: type,
    controlType: controlTypeOf(type),
    controlId,
    nodeId,
    title: STEP_TITLES[type],
    nodeTitle: STEP_TITLES[type],
    error: false,
  };
  if (type === 'send email') Object.assign(base, { emailId: null, emailName: null, designReady: false });
  if (type === 'add to list') base.list = null;
  if (type === 'delay')
    Object.assign(base, { radioValue: 1, duration: { value: 1, unit: 'days' }, waitUntil: null });
  if (type === 'If / Else') Object.assign(base, { conditions: [], connector: 'AND' });
  const { nodeId: _n, controlName: _c, controlType: _t, ...rest } = overrides;
  return { ...base, ...rest };
}
