import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../jsdomDialog.ts';
import type { AudienceListSummary } from '../../../domain/audienceLists.ts';
import { type AudienceApi, audienceApi } from '../../../src/api/audienceApi.ts';
import { AddToListDialog } from '../../../src/modules/audiences/components/people/AddToListDialog.tsx';
import { AudienceChooser } from '../../../src/modules/campaigns/components/AudienceChooser.tsx';
import { appServices, ServicesContext } from '../../../src/modules/shared/hooks/ServicesContext.ts';
import { list } from '../audiences/audienceFixtures.ts';

afterEach(cleanup);

type ListsQuery = { offset: number; limit: number; searchWord?: string };
/** 15 lists named "List 1" ... "List 15", searched by name, a page at a time. */
const listLists = vi.fn(async (query: ListsQuery) => {
  const all = Array.from({ length: 15 }, (_, i) => list(i + 1)).filter((l) =>
    l.list_name.toLowerCase().includes((query.searchWord ?? '').toLowerCase()),
  );
  return { total_count: all.length, data: all.slice(query.offset, query.offset + query.limit) };
});

function withLists(node: React.ReactNode) {
  const api: AudienceApi = { ...audienceApi, listLists: listLists as unknown as AudienceApi['listLists'] };
  return render(
    <ServicesContext.Provider value={{ ...appServices, audienceApi: api }}>{node}</ServicesContext.Provider>,
  );
}

describe('the picker family', () => {
  it('Add to list is the list picker in a confirm dialog: search, Show more, choose, add the whole list', async () => {
    const add = vi.fn<(chosen: AudienceListSummary) => Promise<void>>().mockRejectedValueOnce(new Error('x'));
    add.mockResolvedValueOnce(undefined);
    withLists(<AddToListDialog count={2} onClose={() => {}} add={add} />);
    const dialog = screen.getByRole('dialog', { name: 'Add to list' });
    const group = await within(dialog).findByRole('radiogroup', { name: 'Lists' });
    expect(within(group).getAllByRole('radio')).toHaveLength(10);
    expect(within(dialog).getByRole('button', { name: 'Add to list' })).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show more lists' }));
    await waitFor(() => expect(within(group).getAllByRole('radio')).toHaveLength(15));
    expect(listLists).toHaveBeenLastCalledWith({ offset: 10, limit: 10, searchWord: '' }, expect.anything());

    fireEvent.change(within(dialog).getByLabelText('Search lists'), { target: { value: 'List 12' } });
    await waitFor(() => expect(within(group).getAllByRole('radio')).toHaveLength(1), { timeout: 2000 });
    fireEvent.click(within(group).getByRole('radio', { name: 'List 12' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to list' }));
    expect(await within(dialog).findByText('Nobody was added')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to list' }));
    await waitFor(() => expect(add).toHaveBeenCalledTimes(2));
    expect(add.mock.calls[1]?.[0]).toEqual(list(12));
  });

  it('the audience chooser picks several: the chosen stay listed above, more on Show more', async () => {
    const onChange = vi.fn();
    const view = withLists(<AudienceChooser kind="lists" chosen={new Map()} onChange={onChange} />);
    const options = await screen.findByRole('list', { name: 'lists to choose' });
    expect(within(options).getAllByRole('checkbox')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Show more lists' }));
    await waitFor(() => expect(within(options).getAllByRole('checkbox')).toHaveLength(15));
    fireEvent.click(within(options).getByRole('checkbox', { name: 'List 3 (30)' }));
    expect(onChange).toHaveBeenLastCalledWith(new Map([[3, 'List 3 (30)']]));
    view.rerender(
      <ServicesContext.Provider
        value={{ ...appServices, audienceApi: { ...audienceApi, listLists } as AudienceApi }}
      >
        <AudienceChooser kind="lists" chosen={new Map([[3, 'List 3 (30)']])} onChange={onChange} />
      </ServicesContext.Provider>,
    );
    const chosen = screen.getByRole('list', { name: 'Chosen lists' });
    expect(within(chosen).getByRole('checkbox', { name: 'List 3 (30)' })).toHaveProperty('checked', true);
    expect(within(options).queryByRole('checkbox', { name: 'List 3 (30)' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Lists (1 chosen)' })).toBeTruthy();
  });
});
