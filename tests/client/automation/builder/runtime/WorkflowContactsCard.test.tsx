import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EnrolledContact, WorkflowNodeCounts } from '../../../../../domain/workflowRuntimeTypes.ts';
import type { WorkflowContactsQuery } from '../../../../../src/api/workflowApi.ts';
import { NodeCountsContext } from '../../../../../src/modules/automation/builder/runtime/NodeCountsContext.ts';
import { NodeCountsStore } from '../../../../../src/modules/automation/builder/runtime/NodeCountsStore.ts';
import { WorkflowContactsCard } from '../../../../../src/modules/automation/builder/runtime/WorkflowContactsCard.tsx';
import { renderAtRoute } from '../../../renderAtRoute.tsx';
import { servicesWith } from '../../../servicesWith.ts';
import { openDraft } from '../editors/editorFixtures.tsx';

afterEach(cleanup);

const enrolment = (id: number): EnrolledContact => ({
  enrolment_id: id,
  contact_id: id,
  contact_name: `Contact ${id}`,
  contact_email: `c${id}@example.test`,
  status: 'waiting',
  current_node: '1',
  next_due_at: null,
  trigger_id: 7,
  enrolled_at: '2026-11-01T09:00:00.000Z',
  finished_at: null,
  history: [],
});

const counts = (enrolled: number): WorkflowNodeCounts => ({
  workflow_id: 42,
  nodes: [],
  totals: { enrolled, live: enrolled, completed: 0, exited: 0, failed: 0 },
});

describe('WorkflowContactsCard', () => {
  it('shows 10 enrolments, more on Show more, and reads the rows shown again when the counts move', async () => {
    const contacts = vi.fn(async (query: WorkflowContactsQuery) => {
      const ids = Array.from(
        { length: Math.min(query.limit, 12 - query.offset) },
        (_, i) => query.offset + i + 1,
      );
      return { workflow_id: 42, total_count: 12, contacts: ids.map(enrolment) };
    });
    const store = new NodeCountsStore();
    store.set(counts(12));
    const draft = await openDraft({});
    renderAtRoute({
      path: '/automation/details',
      at: '/automation/details?workflow_id=42',
      services: servicesWith({ contacts }),
      component: () => (
        <NodeCountsContext.Provider value={store}>
          <WorkflowContactsCard workflowId={42} draft={draft} />
        </NodeCountsContext.Provider>
      ),
    });
    const table = await screen.findByRole('table', { name: 'Contacts in this workflow' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    // Each name opens the contact's dashboard, for this workflow, with the way back here.
    const link = new URL(
      within(table).getByRole('link', { name: 'Contact 1' }).getAttribute('href') ?? '',
      'http://app.test',
    );
    expect(link.pathname).toBe('/analytics/contacts/dashboard');
    expect(link.searchParams.get('contact_id')).toMatch(/^"?1"?$/);
    expect(link.searchParams.get('workflow_id')).toMatch(/^"?42"?$/);
    expect(link.searchParams.get('back_url')).toMatch(/\/automation\/details\?workflow_id=/);
    expect(contacts).toHaveBeenLastCalledWith({ workflowId: 42, offset: 0, limit: 10 }, expect.anything());
    expect(screen.getByText(/Showing/).textContent).toBe('Showing 10 of 12 contacts');

    fireEvent.click(screen.getByRole('button', { name: 'Show more contacts' }));
    expect(await screen.findByText('Contact 12')).toBeTruthy();
    expect(contacts).toHaveBeenLastCalledWith({ workflowId: 42, offset: 10, limit: 10 }, expect.anything());
    expect(within(table).getAllByRole('row')).toHaveLength(13);

    act(() => store.set(counts(13)));
    await waitFor(() =>
      expect(contacts).toHaveBeenLastCalledWith({ workflowId: 42, offset: 0, limit: 12 }, expect.anything()),
    );
  });
});
