import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { audienceApi } from '../../../src/api/audienceApi.ts';
import { json, stubFetch } from './fetchStub.ts';

let fetchStub: ReturnType<typeof stubFetch>;
beforeEach(() => {
  fetchStub = stubFetch();
  fetchStub.setAnswer(async () => json({ success: true, total_count: 0, has_more: false, data: [] }));
});
afterEach(() => vi.unstubAllGlobals());

/** The query fields of the last request. */
const lastQuery = () =>
  Object.fromEntries(new URL(fetchStub.calls.at(-1)?.url ?? '', 'http://x.test').searchParams);

describe('the audience service’s sorted listings', () => {
  it('people_listing/ sends the scope, offset and limit, and the sort unless unsorted', async () => {
    const scope = { tab: 'profiled' as const, searchWord: ' ann ', filters: {}, accountId: 4 };
    await audienceApi.listPeople({ scope, offset: 20, limit: 10, sortBy: 'full_name', sortType: 'DESC' });
    expect(lastQuery()).toMatchObject({
      tab: 'profiled',
      search_word: 'ann',
      filters: '',
      account_id: '4',
      offset: '20',
      limit: '10',
      sort_by: 'full_name',
      sort_type: 'DESC',
    });
    await audienceApi.listPeople({ scope, offset: 0, limit: 10, sortBy: 'full_name', sortType: 'NOSORT' });
    expect(lastQuery()).not.toHaveProperty('sort_by');
    expect(lastQuery()).not.toHaveProperty('sort_type');
  });

  it('accounts_listing/ sends the search word, offset and limit, and the sort unless unsorted', async () => {
    await audienceApi.listAccounts({
      searchWord: ' acme ',
      offset: 0,
      limit: 25,
      sortBy: null,
      sortType: 'ASC',
    });
    expect(lastQuery()).toMatchObject({ search_word: 'acme', offset: '0', limit: '25' });
    expect(lastQuery()).not.toHaveProperty('sort_by');
    await audienceApi.listAccounts({
      searchWord: '',
      offset: 25,
      limit: 25,
      sortBy: 'name',
      sortType: 'ASC',
    });
    expect(lastQuery()).toMatchObject({ offset: '25', sort_by: 'name', sort_type: 'ASC' });
  });
});
