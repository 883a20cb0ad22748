import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormSubmission, FormSummary } from '../../../domain/hostedForms.ts';
import { type AudienceApi, audienceApi } from '../../../src/api/audienceApi.ts';
import type { SubmissionDates } from '../../../src/api/formsApi.ts';
import { FormSubmissions } from '../../../src/modules/audiences/forms/FormSubmissions.tsx';
import { renderAtRoute } from '../renderAtRoute.tsx';

afterEach(cleanup);

const submission = (id: number): FormSubmission => ({
  contact_id: id,
  first_name: 'Ana',
  last_name: `Number ${id}`,
  full_name: `Ana Number ${id}`,
  email: `ana${id}@example.test`,
  created_on: '2026-11-20T10:00:00.000Z',
  person_id: id,
  origin: null,
  origin_domain: null,
  consent: false,
  unsub_uuid: null,
});

type Query = { formId: number; offset: number; limit: number } & SubmissionDates;

function renderSubmissions(
  submissions: (query: Query) => Promise<{ total_count: number; data: FormSubmission[] }>,
) {
  const forms: AudienceApi['forms'] = {
    ...audienceApi.forms,
    details: async () => ({ id: 3, name: 'Newsletter sign-up' }) as FormSummary,
    submissions,
  };
  renderAtRoute({
    path: '/audiences/{-$page}/{-$tab}/{-$subTab}',
    at: '/audiences/forms/submissions?form_id=3',
    component: () => <FormSubmissions formId={3} />,
    services: { audienceApi: { ...audienceApi, forms } },
  });
}

describe('FormSubmissions', () => {
  it('shows 20 submissions with Show more; new days start again from the first page', async () => {
    const submissions = vi.fn(async (query: Query) => ({
      total_count: 25,
      data: Array.from({ length: Math.min(query.limit, 25 - query.offset) }, (_, i) =>
        submission(query.offset + i + 1),
      ),
    }));
    renderSubmissions(submissions);
    const table = await screen.findByRole('table', { name: 'Submissions' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(21));
    fireEvent.click(screen.getByRole('button', { name: 'Show more submissions' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(26));
    expect(submissions).toHaveBeenLastCalledWith(
      { formId: 3, offset: 20, limit: 20, startDate: '', endDate: '' },
      expect.anything(),
    );
    expect(screen.getByText('All 25 submissions shown')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await waitFor(() =>
      expect(submissions).toHaveBeenLastCalledWith(
        { formId: 3, offset: 0, limit: 20, startDate: '2026-11-01', endDate: '' },
        expect.anything(),
      ),
    );
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(21));
  });

  it('asks nothing while the days are the wrong way round', async () => {
    const submissions = vi.fn(async () => ({ total_count: 1, data: [submission(1)] }));
    renderSubmissions(submissions);
    await screen.findByText('Ana Number 1');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    await waitFor(() => expect(submissions).toHaveBeenCalledTimes(2));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    expect(await screen.findByText('The end comes before the start.')).toBeTruthy();
    expect(submissions).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('The submissions could not be loaded')).toBeNull();
  });
});
