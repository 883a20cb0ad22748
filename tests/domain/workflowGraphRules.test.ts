import { describe, expect, it } from 'vitest';
import {
  errorNodeIds,
  flowEmailIds,
  flowListIds,
  flowOrder,
  hasEndNode,
  newlyAddedNodeIds,
  publishProblems,
  publishRefusalMessage,
  validateFlowStructure,
} from '../../domain/workflowGraphRules.ts';
import type { WorkflowFlow } from '../../domain/workflowTypes.ts';
import { at, node, sampleFlow } from './workflowFixtures.ts';

const messages = (flow: WorkflowFlow) => validateFlowStructure(flow).map((p) => p.message);

describe('validateFlowStructure', () => {
  it('accepts an empty flow and a well-formed tree', () => {
    expect(validateFlowStructure({})).toEqual([]);
    expect(validateFlowStructure(sampleFlow())).toEqual([]);
  });

  it('needs the root "0" when the flow has steps', () => {
    const flow = sampleFlow();
    const { '0': _root, ...rest } = flow;
    expect(messages(rest)).toEqual(['The workflow has steps but no first step (node "0").']);
  });

  it('reports a child id that does not exist', () => {
    const flow = sampleFlow();
    flow['4'] = node('4', 'end', '2', []);
    flow['2'] = { ...at(flow, '2'), childNodes: ['9'] };
    expect(messages(flow).join(' ')).toContain('points to a step "9" that does not exist');
  });

  it('reports a parentId that disagrees with the holder, and a wrong branch direction', () => {
    const flow = sampleFlow();
    flow['3'] = { ...at(flow, '3'), parentId: '0' };
    flow['2'] = { ...at(flow, '2'), direction: 'right' };
    const all = messages(flow).join(' ');
    expect(all).toContain('names "0" as its parent');
    expect(all).toContain('must have direction "left"');
  });

  it('finds cycles and orphans', () => {
    const cycle = sampleFlow();
    cycle['4'] = {
      ...at(cycle, '4'),
      type: 'delay',
      childNodes: ['1'],
      detail: { ...at(cycle, '4').detail, controlName: 'delay' },
    };
    expect(messages(cycle).join(' ')).toMatch(/reached twice|names "0" as its parent/);

    const orphan = sampleFlow();
    orphan['9'] = node('9', 'end', null, []);
    expect(messages(orphan)).toContain('"Step 9" (end, node 9) is not connected to the first step.');
  });

  it('checks kinds, slots and the end step', () => {
    const flow = sampleFlow();
    flow['1'] = { ...at(flow, '1'), kind: 'ACTION', childNodes: ['2'] };
    flow['0'] = { ...at(flow, '0'), childNodes: ['1', '3'] };
    flow['4'] = { ...at(flow, '4'), childNodes: ['5'] };
    const all = messages(flow).join(' ');
    expect(all).toContain('must be of kind CONDITION');
    expect(all).toContain('must have exactly two branches');
    expect(all).toContain('can be followed by one step only');
    expect(all).toContain('ends the workflow and cannot have a next step');
  });

  it('accepts empty condition slots', () => {
    const flow: WorkflowFlow = { '0': node('0', 'If / Else', null, ['', '']) };
    expect(validateFlowStructure(flow)).toEqual([]);
    expect(messages({ '0': node('0', 'If / Else', null, ['']) })).toEqual([
      '"Step 0" (If / Else, node 0) must have exactly two branches (yes and no).',
    ]);
  });

  it('checks the node id is the key and detail.nodeId matches', () => {
    const flow = { '0': node('7', 'end', null, []) };
    expect(messages(flow).join(' ')).toContain('stored under another id');
  });
});

describe('publishProblems', () => {
  const emails = new Map([[1, { designReady: true, name: 'Welcome' }]]);

  it('passes a flow whose steps are complete', () => {
    expect(publishProblems(sampleFlow(), emails)).toEqual([]);
  });

  it('names the node and the reason for each failing rule', () => {
    const flow = sampleFlow();
    flow['2'] = node('2', 'add to list', '1', ['4'], {
      direction: 'left',
      list: null,
      title: 'Add to readers',
    });
    flow['3'] = { ...at(flow, '3'), detail: { ...at(flow, '3').detail, error: true, title: 'Wait' } };
    const notReady = new Map([[1, { designReady: false, name: 'Welcome' }]]);
    const problems = publishProblems(flow, notReady);
    expect(problems).toEqual([
      {
        nodeId: '0',
        nodeTitle: 'Send welcome',
        message: '"Send welcome": the email "Welcome" is not design-ready.',
      },
      {
        nodeId: '2',
        nodeTitle: 'Add to readers',
        message: '"Add to readers": no list is chosen to add contacts to.',
      },
      {
        nodeId: '3',
        nodeTitle: 'Wait',
        message: '"Wait": this step is marked as having an error; fix it before publishing.',
      },
    ]);
    expect(publishRefusalMessage(problems)).toBe(
      'Cannot publish: "Send welcome": the email "Welcome" is not design-ready. (and 2 more problems)',
    );
  });

  it('refuses a send-email step without an email or with an unknown one (plain objects accepted)', () => {
    const noEmail = { '0': node('0', 'send email', null, [], { emailId: null }) };
    expect(publishProblems(noEmail, {})[0]?.message).toBe('"Step 0": no email is chosen to send.');
    const unknown = { '0': node('0', 'send email', null, [], { emailId: 5, emailName: 'Old' }) };
    expect(publishProblems(unknown, {})[0]?.message).toBe(
      '"Step 0": the email "Old" is not available to you.',
    );
    expect(publishProblems(unknown, { 5: { designReady: true } })).toEqual([]);
  });
});

describe('helpers', () => {
  it('hasEndNode, errorNodeIds, flowOrder', () => {
    const flow = sampleFlow();
    expect(hasEndNode(flow)).toBe(true);
    expect(hasEndNode({ '0': node('0', 'delay', null, []) })).toBe(false);
    expect(errorNodeIds(flow)).toEqual([]);
    expect(flowOrder(flow)).toEqual(['0', '1', '2', '4', '3', '5']);
  });

  it('newlyAddedNodeIds, flowEmailIds, flowListIds', () => {
    const before = sampleFlow();
    const after = { ...before, '6': node('6', 'end', null, []) };
    expect(newlyAddedNodeIds(before, after)).toEqual(['6']);
    expect(flowEmailIds(before)).toEqual([1]);
    expect(flowListIds(before)).toEqual([3]);
  });
});
