import { describe, expect, it } from 'vitest';
import {
  isSelected,
  NO_SELECTION,
  selectAllState,
  selectedCount,
  toggleSelectAll,
  toggleSelected,
} from '../../../src/modules/shared/utils/rowSelection.ts';

describe('row selection', () => {
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

  it('works with string ids as well', () => {
    let selection = toggleSelected<string>({ mode: 'ids', ids: [] }, 'a');
    selection = toggleSelected(selection, 'b');
    expect(selection).toEqual({ mode: 'ids', ids: ['a', 'b'] });
    selection = toggleSelectAll(selection, 3);
    selection = toggleSelected(selection, 'c');
    expect(isSelected(selection, 'a')).toBe(true);
    expect(isSelected(selection, 'c')).toBe(false);
    expect(selectedCount(selection, 3)).toBe(2);
  });
});
