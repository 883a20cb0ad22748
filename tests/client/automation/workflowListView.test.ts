import { produce } from 'immer';
import { describe, expect, it } from 'vitest';
import {
  activeAfterClone,
  activeAfterStatusChange,
  applyStatusChange,
  insertClone,
  type WorkflowRows,
} from '../../../src/modules/automation/utils/workflowListView.ts';
import { summary } from './automationFixtures.tsx';

describe('workflow list view', () => {
  const page: WorkflowRows = { rows: [summary(1), summary(2, { status: 'inactive' })], total: 2 };
  const active = 1;

  it('a clone goes first and the total rises', () => {
    const clone = summary(9, { status: 'draft', name: 'Workflow 1 (copy)' });
    const next = produce(page, (draft) => insertClone(draft, clone, 'all'));
    expect(next.rows.map((r) => r.id)).toEqual([9, 1, 2]);
    expect(next.total).toBe(3);
    expect(activeAfterClone(active, clone)).toBe(1);
  });

  it('a clone that does not match the filter is not shown', () => {
    const next = produce(page, (draft) => insertClone(draft, summary(9, { status: 'draft' }), 'active'));
    expect(next.rows.map((r) => r.id)).toEqual([1, 2]);
    expect(next.total).toBe(2);
  });

  it('a paused workflow leaves the active filter; the active count follows the server', () => {
    const paused = summary(1, { status: 'inactive' });
    const next = produce(page, (draft) => applyStatusChange(draft, paused, 'active'));
    expect(next.rows.map((r) => r.id)).toEqual([2]);
    expect(next.total).toBe(1);
    expect(activeAfterStatusChange(active, page.rows[0], paused, 0)).toBe(0);
  });

  it('under "all" the row is updated in place; without a server count the change itself counts', () => {
    const resumed = summary(2, { status: 'active' });
    const next = produce(page, (draft) => applyStatusChange(draft, resumed, 'all'));
    expect(next.rows.find((r) => r.id === 2)?.status).toBe('active');
    expect(next.total).toBe(2);
    expect(page.rows[1]?.status).toBe('inactive');
    expect(activeAfterStatusChange(active, page.rows[1], resumed, null)).toBe(2);
  });
});
