import { describe, expect, it } from 'vitest';
import {
  applyStatusChange,
  insertClone,
  viewFromPage,
} from '../../../src/modules/automation/utils/workflowListView.ts';
import {
  isSelected,
  NO_SELECTION,
  selectAllState,
  selectedCount,
  toggleSelectAll,
  toggleSelected,
} from '../../../src/modules/automation/utils/workflowSelection.ts';
import { summary } from './automationFixtures.tsx';

describe('workflow selection', () => {
  it('selects ids one by one', () => {
    let selection = toggleSelected(NO_SELECTION, 3);
    selection = toggleSelected(selection, 5);
    expect(selectedCount(selection, 100)).toBe(2);
    selection = toggleSelected(selection, 3);
    expect(isSelected(selection, 3)).toBe(false);
    expect(isSelected(selection, 5)).toBe(true);
    expect(selectAllState(selection, 100)).toBe('some');
  });

  it('select-all covers every match; unchecking a row excludes it', () => {
    let selection = toggleSelectAll(NO_SELECTION, 1234);
    expect(selectAllState(selection, 1234)).toBe('all');
    expect(isSelected(selection, 99)).toBe(true);
    selection = toggleSelected(selection, 99);
    expect(selection).toEqual({ mode: 'all', excluded: [99] });
    expect(selectedCount(selection, 1234)).toBe(1233);
    expect(selectAllState(selection, 1234)).toBe('some');
    // The header box from "some" selects all again; from "all" it clears.
    selection = toggleSelectAll(selection, 1234);
    expect(selection).toEqual({ mode: 'all', excluded: [] });
    expect(toggleSelectAll(selection, 1234)).toEqual(NO_SELECTION);
  });

  it('nothing to select: none', () => {
    expect(selectAllState({ mode: 'all', excluded: [] }, 0)).toBe('none');
  });
});

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
