import { describe, expect, it } from 'vitest';
import {
  applyStatusChange,
  insertClone,
  viewFromPage,
} from '../../../src/modules/automation/utils/workflowListView.ts';
import { summary } from './automationFixtures.tsx';

describe('workflow list view', () => {
  const page = viewFromPage({
    data: [summary(1), summary(2, { status: 'inactive' })],
    total_count: 2,
    total_active_count: 1,
  });

  it('a clone goes first and the total rises', () => {
    const next = insertClone(page, summary(9, { status: 'draft', name: 'Workflow 1 (copy)' }), 'all');
    expect(next.rows.map((r) => r.id)).toEqual([9, 1, 2]);
    expect(next.total).toBe(3);
    expect(next.active).toBe(1);
  });

  it('a clone that does not match the filter is not shown', () => {
    const next = insertClone(page, summary(9, { status: 'draft' }), 'active');
    expect(next.rows.map((r) => r.id)).toEqual([1, 2]);
    expect(next.total).toBe(2);
  });

  it('a paused workflow leaves the active filter; the active count follows the server', () => {
    const next = applyStatusChange(page, summary(1, { status: 'inactive' }), 'active', 0);
    expect(next.rows.map((r) => r.id)).toEqual([2]);
    expect(next.total).toBe(1);
    expect(next.active).toBe(0);
  });

  it('under "all" the row is updated in place; without a server count the change itself counts', () => {
    const next = applyStatusChange(page, summary(2, { status: 'active' }), 'all', null);
    expect(next.rows.find((r) => r.id === 2)?.status).toBe('active');
    expect(next.total).toBe(2);
    expect(next.active).toBe(2);
  });
});
