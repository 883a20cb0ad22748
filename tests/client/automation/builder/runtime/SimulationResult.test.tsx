import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { SimulateAnswer } from '../../../../../domain/workflowRuntimeTypes.ts';
import { SimulationResult } from '../../../../../src/modules/automation/builder/runtime/SimulationResult.tsx';

afterEach(() => cleanup());

const answer = (stepsOmitted: number, emailsOmitted: number): SimulateAnswer => ({
  workflow_id: 1,
  start_at: '2026-03-06T17:00:00.000Z',
  contacts: [
    {
      contact_id: 7,
      contact_email: 'ada@example.test',
      steps: [
        { node_id: '0', node_title: 'Send', outcome: 'sent', at: '2026-03-06T17:00:00.000Z', detail: null },
      ],
      emails: [
        {
          node_id: '0',
          email_id: 3,
          email_name: 'Welcome',
          at: '2026-03-06T17:00:00.000Z',
          suppressed: false,
        },
      ],
      steps_omitted: stepsOmitted,
      emails_omitted: emailsOmitted,
      final_status: 'waiting',
      final_node: '0',
    },
  ],
});

it('says how many steps and emails past the first 200 are not listed', () => {
  render(<SimulationResult answer={answer(1300, 299)} flow={{}} />);
  expect(screen.getByText('… and 1,300 more steps.')).toBeTruthy();
  expect(screen.getByText('… and 299 more emails.')).toBeTruthy();
});

it('adds nothing when every step and email is listed', () => {
  render(<SimulationResult answer={answer(0, 0)} flow={{}} />);
  expect(screen.queryByText(/more steps/)).toBeNull();
  expect(screen.queryByText(/more emails/)).toBeNull();
});
