import { describe, expect, it } from 'vitest';
import {
  PEOPLE_LIST_DEFAULTS,
  peopleListSearchSchema,
  peopleQueryKey,
  peopleSortKey,
  peopleSortOf,
} from '../../domain/peopleListSearch.ts';

describe('the people list in the address', () => {
  it('reads the search, sort, offset and filters of an address, each falling back to its default when bad', () => {
    // As the address's text gives them (every value a string).
    const search = {
      q: 'walker',
      sort: 'company_name.DESC',
      offset: '20',
      filters: '{"status":["Unsubscribed"]}',
    };
    expect(peopleListSearchSchema.parse(search)).toEqual({
      q: 'walker',
      filter: 'all',
      sort: 'company_name.DESC',
      offset: 20,
      filters: { status: ['Unsubscribed'] },
    });
    const bad = { sort: 'nope.UP', offset: '-3', filters: '{not-json', q: '  ' };
    expect(peopleListSearchSchema.parse(bad)).toEqual(PEOPLE_LIST_DEFAULTS);
    expect(peopleListSearchSchema.parse({ filters: '{"colour":["red"]}' }).filters).toEqual({});
  });

  it('turns a sort of the address into the call and back (the name column has two ids)', () => {
    expect(peopleSortOf('none')).toEqual({ column: null, type: 'NOSORT' });
    expect(peopleSortOf('buyer_stage.ASC')).toEqual({ column: 'buyer_stage', type: 'ASC' });
    expect(peopleSortOf('contact_name.ASC')).toEqual({ column: null, type: 'NOSORT' });
    expect(peopleSortKey('contact_name', 'DESC')).toBe('full_name.DESC');
    expect(peopleSortKey('status', 'NOSORT')).toBe('none');
    expect(peopleSortKey('select', 'ASC')).toBe('none');
  });

  it('names a query by what its rows depend on (an empty filter category is no filter)', () => {
    const query = { tab: 'all' as const, accountId: null, q: 'ann', filters: {}, sort: 'none' };
    expect(peopleQueryKey({ ...query, filters: { status: [] } })).toBe(peopleQueryKey(query));
    expect(peopleQueryKey({ ...query, tab: 'profiled' })).not.toBe(peopleQueryKey(query));
  });
});
