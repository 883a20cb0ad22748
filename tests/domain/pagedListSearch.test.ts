import { describe, expect, it } from 'vitest';
import {
  NO_SORT,
  pagedListDefaults,
  pagedListParams,
  pagedListSearchSchema,
} from '../../domain/pagedListSearch.ts';

const options = { filters: ['all', 'active'] as const, sorts: NO_SORT };

describe('pagedListSearch', () => {
  it('reads a list state from query parameters, trimming the search and defaulting what is missing or bad', () => {
    const schema = pagedListSearchSchema(options);
    expect(schema.parse({ q: '  spring ', filter: 'active', offset: '40' })).toEqual({
      q: 'spring',
      filter: 'active',
      sort: 'none',
      offset: 40,
    });
    expect(schema.parse({ q: '   ', filter: 'archived', sort: 'x', offset: 'ten' })).toEqual(
      pagedListDefaults(options),
    );
    expect(schema.parse({ offset: -20 }).offset).toBe(0);
  });

  it('writes only what differs from the defaults', () => {
    expect(pagedListParams(pagedListDefaults(options), options)).toEqual({
      q: undefined,
      filter: undefined,
      sort: undefined,
      offset: undefined,
    });
    expect(pagedListParams({ q: 'a', filter: 'active', sort: 'none', offset: 20 }, options)).toEqual({
      q: 'a',
      filter: 'active',
      sort: undefined,
      offset: 20,
    });
  });
});
