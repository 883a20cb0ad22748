import { describe, expect, it } from 'vitest';
import { idListFieldSchema } from '../../domain/workflowFormFields.ts';
import {
  createWorkflowBodySchema,
  deleteWorkflowBodySchema,
  MAX_FLOW_NODES,
  userWorkflowsQuerySchema,
  workflowFlowSchema,
  workflowJsonSchema,
} from '../../domain/workflowSchemas.ts';
import type { WorkflowFlow } from '../../domain/workflowTypes.ts';
import { at, node, sampleFlow } from './workflowFixtures.ts';

describe('workflowFlowSchema', () => {
  it('accepts the flow shapes of workflowTypes.ts unchanged', () => {
    const flow = sampleFlow();
    at(flow, '3').detail.waitUntil = {
      dayOption: 'business',
      days: ['Monday'],
      hour: 9,
      timezone: 'Europe/London',
    };
    at(flow, '3').detail.radioValue = 2;
    expect(workflowFlowSchema.parse(flow)).toEqual(flow);
  });

  it('drops unknown keys and refuses wrong kinds, types and sizes', () => {
    const flow = sampleFlow() as Record<string, unknown>;
    (flow['0'] as Record<string, unknown>).extra = 'x';
    expect(workflowFlowSchema.parse(flow)['0']).not.toHaveProperty('extra');
    expect(
      workflowFlowSchema.safeParse({ '0': { ...node('0', 'end', null, []), kind: 'LOOP' } }).success,
    ).toBe(false);
    const long = node('0', 'end', null, [], { title: 'x'.repeat(201) });
    expect(workflowFlowSchema.safeParse({ '0': long }).error?.issues[0]?.message).toBe(
      'title is at most 200 characters.',
    );
    const big: WorkflowFlow = {};
    for (let i = 0; i <= MAX_FLOW_NODES; i += 1) big[String(i)] = node(String(i), 'end', null, []);
    expect(workflowFlowSchema.safeParse(big).error?.issues[0]?.message).toBe(
      'A workflow has at most 2000 steps.',
    );
  });

  it('reads the JSON text of update_workflow', () => {
    expect(workflowJsonSchema.parse('')).toEqual({});
    expect(workflowJsonSchema.safeParse('{').error?.issues[0]?.message).toBe('workflow is not valid JSON.');
    expect(workflowJsonSchema.safeParse('[1]').success).toBe(false);
  });
});

describe('payload schemas', () => {
  it('create_workflow: trigger_id required, ids taken only when > 0', () => {
    expect(createWorkflowBodySchema.safeParse({}).error?.issues[0]?.message).toBe('trigger_id is required.');
    expect(createWorkflowBodySchema.safeParse({ trigger_id: '12' }).success).toBe(false);
    expect(createWorkflowBodySchema.parse({ trigger_id: '7', email_id: '0', list_id: '-1' })).toMatchObject({
      trigger_id: 7,
      email_id: null,
      list_id: null,
    });
    expect(createWorkflowBodySchema.parse({ trigger_id: 14, list_id: '007' }).list_id).toBe(7);
  });

  it('id lists: comma-separated or JSON', () => {
    const ids = idListFieldSchema('ids');
    expect(ids.parse('3, 1,3')).toEqual([3, 1]);
    expect(ids.parse('[4,5]')).toEqual([4, 5]);
    expect(ids.parse(['6', 7])).toEqual([6, 7]);
    expect(ids.parse('')).toEqual([]);
    expect(ids.safeParse('1,x').success).toBe(false);
    expect(ids.safeParse('[1,').success).toBe(false);
  });

  it('list and delete defaults', () => {
    expect(userWorkflowsQuerySchema.parse({})).toEqual({
      offset: 0,
      limit: 20,
      workflow_name: '',
      filter_type: 'all',
    });
    expect(userWorkflowsQuerySchema.parse({ workflow_name: '  a ' }).workflow_name).toBe('a');
    expect(userWorkflowsQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(
      deleteWorkflowBodySchema.parse({ select_all: 'true', excluded_workflow_ids: '[2]' }),
    ).toMatchObject({
      select_all: true,
      excluded_workflow_ids: [2],
      workflow_ids: [],
    });
  });
});
