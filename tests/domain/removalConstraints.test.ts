import { describe, expect, it } from 'vitest';
import { constraintRefusal } from '../../domain/removalConstraints.ts';
import type { WorkflowFlow } from '../../domain/workflowTypes.ts';
import { flowNode } from '../engine/workflowFixtures.ts';

/** 0 send 11 -> s2 send 12 -> c1 If/Else (opened 11 OR clicked 12) -> [e1 end, c2 If/Else (opened 11) -> [e2, e3]] */
function flow(): WorkflowFlow {
  const opened = (emailId: number) => ({
    conditionType: 'has opened' as const,
    controlId: 1,
    controlName: 'has opened' as const,
    emailId,
  });
  return {
    '0': flowNode('0', 'send email', null, ['s2'], { emailId: 11, emailName: 'Welcome' }),
    s2: flowNode('s2', 'send email', '0', ['c1'], { emailId: 12, emailName: 'Follow-up' }),
    c1: flowNode('c1', 'If / Else', 's2', ['e1', 'c2'], {
      title: 'Engaged?',
      conditions: [opened(11), { ...opened(12), conditionType: 'has clicked', controlName: 'has clicked' }],
    }),
    e1: flowNode('e1', 'end', 'c1', [], {}, 'left'),
    c2: flowNode(
      'c2',
      'If / Else',
      'c1',
      ['e2', 'e3'],
      { title: 'Opened welcome?', conditions: [opened(11)] },
      'right',
    ),
    e2: flowNode('e2', 'end', 'c2', [], {}, 'left'),
    e3: flowNode('e3', 'end', 'c2', [], {}, 'right'),
  };
}

describe('constraintRefusal', () => {
  it('blocks removing a send email that conditions reference, naming them', () => {
    expect(constraintRefusal(flow(), { removed: ['0'] })).toEqual({
      kind: 'constraint',
      message:
        'The email "Welcome" is used by the conditions "Engaged?" (has opened AND has clicked), ' +
        '"Opened welcome?" (has opened). Change or remove the condition first.',
      emails: [{ emailId: 11, emailName: 'Welcome' }],
      // Named as the canvas cards name them: title and what they test (the ids are keys only).
      conditions: [
        { nodeId: 'c1', nodeTitle: 'Engaged?', detail: 'has opened AND has clicked' },
        { nodeId: 'c2', nodeTitle: 'Opened welcome?', detail: 'has opened' },
      ],
    });
    expect(constraintRefusal(flow(), { removed: ['s2'] })?.conditions).toEqual([
      { nodeId: 'c1', nodeTitle: 'Engaged?', detail: 'has opened AND has clicked' },
    ]);
  });

  it('allows removals that take the referencing conditions with them, or unreferenced emails', () => {
    expect(constraintRefusal(flow(), { removed: ['c1', 'e1', 'c2', 'e2', 'e3'] })).toBeNull();
    expect(constraintRefusal(flow(), { removed: ['s2', 'c1', 'e1', 'c2', 'e2', 'e3'] })).toBeNull();
    expect(constraintRefusal(flow(), { removed: ['e1'] })).toBeNull();
  });

  it('allows removing one of two steps that send the same email', () => {
    const twice = flow();
    (twice.s2 as { detail: { emailId: number } }).detail.emailId = 11;
    expect(constraintRefusal(twice, { removed: ['0'] })).toBeNull();
  });

  it('blocks changing the email of a referenced send email, allows keeping it', () => {
    expect(constraintRefusal(flow(), { emailChanges: new Map([['s2', 99]]) })?.emails).toEqual([
      { emailId: 12, emailName: 'Follow-up' },
    ]);
    expect(constraintRefusal(flow(), { emailChanges: new Map([['s2', null]]) })).not.toBeNull();
    expect(constraintRefusal(flow(), { emailChanges: new Map([['s2', 12]]) })).toBeNull();
  });
});
