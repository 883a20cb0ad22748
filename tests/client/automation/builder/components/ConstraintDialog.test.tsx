import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { constraintRefusal } from '../../../../../domain/removalConstraints.ts';
import type { WorkflowFlow } from '../../../../../domain/workflowTypes.ts';
import { ConstraintDialog } from '../../../../../src/modules/automation/builder/components/ConstraintDialog.tsx';
import { flowNode } from '../../../../engine/workflowFixtures.ts';

afterEach(cleanup);

/** A send of "Welcome" (step id "7f3a-send"), and an untitled If / Else (id "c9e1-cond") testing its open. */
const flow: WorkflowFlow = {
  '0': flowNode('0', 'send email', null, ['7f3a-send'], { emailId: 3, emailName: 'Kick-off' }),
  '7f3a-send': flowNode('7f3a-send', 'send email', '0', ['c9e1-cond'], { emailId: 11, emailName: 'Welcome' }),
  'c9e1-cond': flowNode('c9e1-cond', 'If / Else', '7f3a-send', ['', ''], {
    conditions: [
      {
        conditionType: 'has opened',
        controlId: 1,
        controlName: 'has opened',
        emailId: 11,
        emailName: 'Welcome',
      },
    ],
  }),
};

describe('ConstraintDialog', () => {
  it('names the blocking condition as its card does, never by its internal id', () => {
    const refusal = constraintRefusal(flow, { removed: ['7f3a-send'] });
    expect(refusal).not.toBeNull();
    render(<ConstraintDialog refusal={refusal} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'This change is blocked' });
    const list = within(dialog).getByRole('heading', { name: 'Conditions using it' }).nextElementSibling;
    expect(list?.textContent).toBe('If / Else: has opened Welcome');
    expect(dialog.textContent).not.toContain('c9e1-cond');
    expect(dialog.textContent).not.toContain('7f3a-send');
    expect(
      within(dialog).getByText(/is used by the condition "If \/ Else" \(has opened Welcome\)/),
    ).toBeTruthy();
  });
});
