import { describe, expect, it } from 'vitest';
import {
  emailMappingChanges,
  emailSetChanges,
  netEmailEvents,
  sentEmailIds,
} from '../../domain/emailMappingChanges.ts';
import type { WorkflowFlow } from '../../domain/workflowTypes.ts';
import { flowNode } from '../engine/workflowFixtures.ts';

function withEmails(...emails: number[]): WorkflowFlow {
  const flow: WorkflowFlow = {};
  emails.forEach((emailId, index) => {
    const id = index === 0 ? '0' : `s${index}`;
    const parent = index === 0 ? null : index === 1 ? '0' : `s${index - 1}`;
    const next = index + 1 < emails.length ? [`s${index + 1}`] : [];
    flow[id] = flowNode(id, 'send email', parent, next, { emailId });
  });
  return flow;
}

describe('email_mapping changes', () => {
  it('lists the send-email emails once, ascending', () => {
    expect(sentEmailIds(withEmails(5, 3, 5))).toEqual([3, 5]);
  });

  it('is the net change between the saved and the current flow', () => {
    expect(emailMappingChanges(withEmails(1, 2), withEmails(2, 3, 4))).toEqual({
      add_emails: [3, 4],
      remove_emails: [1],
    });
    expect(emailMappingChanges(withEmails(1, 2), withEmails(2, 1))).toEqual({
      add_emails: [],
      remove_emails: [],
    });
  });

  it('an email added then removed (or removed then added) cancels out', () => {
    expect(emailSetChanges([1], [1])).toEqual({ add_emails: [], remove_emails: [] });
    expect(
      netEmailEvents([
        { emailId: 7, op: 'add' },
        { emailId: 8, op: 'remove' },
        { emailId: 7, op: 'remove' },
        { emailId: 8, op: 'add' },
        { emailId: 9, op: 'add' },
        { emailId: 10, op: 'remove' },
      ]),
    ).toEqual({ add_emails: [9], remove_emails: [10] });
  });
});
